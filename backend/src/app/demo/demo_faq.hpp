#pragma once
// Demo mode's FAQ: about eight real answers per language for this community (joining, VIP, reserved
// slots, payments, practice servers, the leaderboard, rules, contacts), with links that open in a new
// tab, and one entry per language saved from a malicious answer (script, event handlers, javascript:
// links, an SVG namespace trick) so the end-to-end test can show that nothing of it runs.
// Every answer goes through faq::FaqService, so through the sanitizer, like an operator's would.

#include "db/database.hpp"

namespace portal::app {

// Seeds each language that has no entry yet (a restart adds nothing). Throws what the database throws.
void seed_demo_faq(db::Database& database);

// The malicious answer the demo stores (through the sanitizer), for tests.
const char* demo_faq_malicious_answer();

}  // namespace portal::app
