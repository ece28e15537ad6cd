#include "db/dialect.hpp"

// soci-sqlite3.h includes <sqlite3.h> inside namespace sqlite_api: use the API through that namespace
// and never include <sqlite3.h> directly in this file.
#include <soci/postgresql/soci-postgresql.h>
#include <soci/sqlite3/soci-sqlite3.h>

#include <algorithm>
#include <cctype>
#include <memory>
#include <regex>
#include <stdexcept>
#include <vector>

namespace portal::db::dialect {
namespace {

sqlite_api::sqlite3* sqlite_handle(soci::session& sql) {
  // static_cast after checking the name: the backends' typeinfo is not exported from the SOCI libraries.
  soci::details::session_backend* base = sql.get_backend();
  if (base == nullptr || base->get_backend_name() != "sqlite3") {
    throw std::logic_error("the session is not an open SQLite session");
  }
  auto* backend = static_cast<soci::sqlite3_session_backend*>(base);
  if (backend->conn_ == nullptr) {
    throw std::logic_error("the session is not an open SQLite session");
  }
  return backend->conn_;
}

PGconn* postgres_handle(soci::session& sql) {
  soci::details::session_backend* base = sql.get_backend();
  if (base == nullptr || base->get_backend_name() != "postgresql") {
    throw std::logic_error("the session is not an open PostgreSQL session");
  }
  // conn_ may be null after a failed reconnect; libpq accepts null and reports an error.
  return static_cast<soci::postgresql_session_backend*>(base)->conn_;
}

std::string trimmed(std::string text) {
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back()))) text.pop_back();
  return text;
}

std::string percent_decode(std::string_view text) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '%' && i + 2 < text.size() && std::isxdigit(static_cast<unsigned char>(text[i + 1])) &&
        std::isxdigit(static_cast<unsigned char>(text[i + 2]))) {
      out += static_cast<char>(std::stoi(std::string(text.substr(i + 1, 2)), nullptr, 16));
      i += 2;
    } else {
      out += text[i];
    }
  }
  return out;
}

std::string keyword_value_unquoted(std::string_view raw) {
  if (raw.size() >= 2 && raw.front() == '\'' && raw.back() == '\'') {
    std::string out;
    for (std::size_t i = 1; i + 1 < raw.size(); ++i) {
      if (raw[i] == '\\' && i + 2 < raw.size()) ++i;
      out += raw[i];
    }
    return out;
  }
  return std::string(raw);
}

// Every spelling of the password that a message could echo: raw, unquoted, percent-decoded.
std::vector<std::string> password_spellings(std::string_view url) {
  std::vector<std::string> out;
  auto add = [&out](std::string value) {
    if (!value.empty()) out.push_back(std::move(value));
  };

  char* error = nullptr;
  if (PQconninfoOption* options = PQconninfoParse(std::string(url).c_str(), &error)) {
    for (PQconninfoOption* option = options; option->keyword != nullptr; ++option) {
      if (std::string_view(option->keyword) == "password" && option->val != nullptr) add(option->val);
    }
    PQconninfoFree(options);
  }
  if (error != nullptr) PQfreemem(error);

  // Also without libpq, so that a string libpq rejects is still redacted.
  const std::string text(url);
  static const std::regex uri(R"(^\s*postgres(?:ql)?://)", std::regex::icase);
  if (!std::regex_search(text, uri)) {
    static const std::regex keyword(R"(password\s*=\s*('(?:[^'\\]|\\.)*'?|[^\s]+))", std::regex::icase);
    for (std::sregex_iterator it(text.begin(), text.end(), keyword), end; it != end; ++it) {
      add((*it)[1].str());
      add(keyword_value_unquoted((*it)[1].str()));
    }
  }
  static const std::regex userinfo(R"(^\s*postgres(?:ql)?://([^@/?#]*)@)", std::regex::icase);
  std::smatch match;
  if (std::regex_search(text, match, userinfo)) {
    const std::string info = match[1].str();
    if (const std::size_t colon = info.find(':'); colon != std::string::npos) {
      add(info.substr(colon + 1));
      add(percent_decode(info.substr(colon + 1)));
    }
  }
  static const std::regex query(R"([?&]password=([^&#]*))", std::regex::icase);
  for (std::sregex_iterator it(text.begin(), text.end(), query), end; it != end; ++it) {
    add((*it)[1].str());
    add(percent_decode((*it)[1].str()));
  }
  // Longest first, so that a spelling containing another is replaced whole.
  std::sort(out.begin(), out.end(), [](const std::string& a, const std::string& b) { return a.size() > b.size(); });
  return out;
}

}  // namespace

void exec_script(soci::session& sql, Engine engine, const std::string& script) {
  if (engine == Engine::sqlite) {
    sqlite_api::sqlite3* db = sqlite_handle(sql);
    char* error = nullptr;
    const int rc = sqlite_api::sqlite3_exec(db, script.c_str(), nullptr, nullptr, &error);
    if (rc != SQLITE_OK) {
      std::string message = error != nullptr ? error : sqlite_api::sqlite3_errmsg(db);
      sqlite_api::sqlite3_free(error);
      throw std::runtime_error(message + " (SQLite error " + std::to_string(rc) + ")");
    }
    return;
  }
  PGconn* conn = postgres_handle(sql);
  std::unique_ptr<PGresult, decltype(&PQclear)> result(PQexec(conn, script.c_str()), &PQclear);
  const ExecStatusType status = PQresultStatus(result.get());  // PGRES_FATAL_ERROR for a null result
  if (status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK || status == PGRES_EMPTY_QUERY) return;
  std::string message = result != nullptr ? PQresultErrorMessage(result.get()) : "";
  if (message.empty()) message = PQerrorMessage(conn);
  throw std::runtime_error(trimmed(message));
}

bool in_transaction(soci::session& sql, Engine engine) {
  if (engine == Engine::sqlite) return sqlite_api::sqlite3_get_autocommit(sqlite_handle(sql)) == 0;
  const PGTransactionStatusType status = PQtransactionStatus(postgres_handle(sql));
  return status == PQTRANS_INTRANS || status == PQTRANS_INERROR || status == PQTRANS_ACTIVE;
}

std::string_view begin_write_sql(Engine engine) { return engine == Engine::sqlite ? "BEGIN IMMEDIATE" : "BEGIN"; }

std::string_view now_utc_sql(Engine engine) {
  return engine == Engine::sqlite ? "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')" : "now()";
}

std::string scrub_password(std::string text, std::string_view url) {
  for (const std::string& secret : password_spellings(url)) {
    for (std::size_t at = text.find(secret); at != std::string::npos; at = text.find(secret, at + 3)) {
      text.replace(at, secret.size(), "***");
    }
  }
  return text;
}

std::string redact_postgres_url(std::string_view url) { return scrub_password(std::string(url), url); }

}  // namespace portal::db::dialect
