#pragma once
// Demo mode's FAQ: nine real answers per language for this community (joining, VIP, reserved slots,
// payments, practice servers, the leaderboard, rules, the skin changer, contacts), the same questions
// in English and Chinese, with links that open in a new tab. Nothing here is a test fixture: what
// the seed stores is what a visitor of the demo reads. The sanitizer's malicious-input cases live in
// the tests (faq_functional_test, the web's faq e2e spec).
// Every answer goes through faq::FaqService, so through the sanitizer, like an operator's would.

#include "db/database.hpp"

namespace portal::app {

// Seeds each language that has no entry yet (a restart adds nothing). Throws what the database throws.
void seed_demo_faq(db::Database& database);

}  // namespace portal::app
