#include "integrations/mail/smtp_mailer.hpp"

#include "core/text.hpp"

#include <boost/url/parse.hpp>
#include <curl/curl.h>

#include <algorithm>
#include <cstring>
#include <memory>
#include <stdexcept>
#include <utility>

namespace portal::mail {

namespace {

constexpr std::chrono::seconds kMaxConnectTimeout{10};

// libcurl wants this before the first handle; doing it ourselves (once, thread-safely) keeps a
// first send racing another thread's first curl call safe.
void init_curl_once() {
  static const CURLcode initialised = curl_global_init(CURL_GLOBAL_DEFAULT);
  (void)initialised;
}

struct EasyDeleter {
  void operator()(CURL* handle) const { curl_easy_cleanup(handle); }
};
struct ListDeleter {
  void operator()(curl_slist* list) const { curl_slist_free_all(list); }
};

struct Upload {
  std::string_view rest;
};

// CURLOPT_READFUNCTION: hands libcurl the rendered message; libcurl dot-stuffs and ends DATA itself.
std::size_t read_upload(char* buffer, std::size_t size, std::size_t count, void* user) {
  auto* upload = static_cast<Upload*>(user);
  const std::size_t n = std::min(size * count, upload->rest.size());
  std::memcpy(buffer, upload->rest.data(), n);
  upload->rest.remove_prefix(n);
  return n;
}

bool is_hostname(std::string_view name) {
  return !name.empty() && name.size() <= 253 && std::all_of(name.begin(), name.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '.';
  });
}

// A short stable word for logs and dashboards; the message carries curl's own text.
const char* reason_for(CURLcode code, long smtp_status) {
  switch (code) {
    case CURLE_COULDNT_RESOLVE_HOST:
    case CURLE_COULDNT_CONNECT:
      return "connect";
    case CURLE_OPERATION_TIMEDOUT:
      return "timeout";
    case CURLE_USE_SSL_FAILED:
      return "starttls_not_offered";
    case CURLE_SSL_CONNECT_ERROR:
    case CURLE_PEER_FAILED_VERIFICATION:
    case CURLE_SSL_CACERT_BADFILE:
    case CURLE_SSL_CERTPROBLEM:
      return "tls";
    case CURLE_LOGIN_DENIED:
      return "auth";
    default:
      return smtp_status >= 400 ? "rejected" : "protocol";
  }
}

void replace_all(std::string& text, std::string_view secret, std::string_view with) {
  if (secret.empty()) return;
  for (std::size_t at = text.find(secret); at != std::string::npos; at = text.find(secret, at + with.size())) {
    text.replace(at, secret.size(), with);
  }
}

}  // namespace

SmtpMailer::SmtpMailer(SmtpSettings settings) : settings_(std::move(settings)) {
  const auto parsed = boost::urls::parse_absolute_uri(settings_.url);
  if (!parsed) throw std::invalid_argument("mail SMTP URL \"" + settings_.url + "\" is not a URL");
  const boost::urls::url_view url = *parsed;
  const std::string scheme = url.scheme();
  if (scheme != "smtp" && scheme != "smtps") {
    throw std::invalid_argument("mail SMTP URL must start with smtp:// (STARTTLS) or smtps:// (implicit TLS)");
  }
  // Credentials in the URL would end up in every log line that prints it.
  if (url.has_userinfo()) {
    throw std::invalid_argument("mail SMTP URL must not contain credentials; use username and password");
  }
  if ((url.encoded_path() != "" && url.encoded_path() != "/") || url.has_query() || url.has_fragment()) {
    throw std::invalid_argument("mail SMTP URL must be only scheme://host:port (the EHLO name is its own setting)");
  }

  bool loopback = false;
  std::string host;
  switch (url.host_type()) {
    case boost::urls::host_type::ipv4:
      loopback = url.host_ipv4_address().is_loopback();
      host = url.host_ipv4_address().to_string();
      break;
    case boost::urls::host_type::ipv6:
      loopback = url.host_ipv6_address().is_loopback();
      host = "[" + url.host_ipv6_address().to_string() + "]";
      break;
    case boost::urls::host_type::name:
      host = url.host_name();
      loopback = core::ascii_iequals(host, "localhost");
      if (!is_hostname(host)) throw std::invalid_argument("mail SMTP URL has an invalid host name");
      break;
    default:
      throw std::invalid_argument("mail SMTP URL needs a host");
  }
  const std::uint16_t port = url.has_port() ? url.port_number() : (scheme == "smtps" ? 465 : 587);
  if (port == 0) throw std::invalid_argument("mail SMTP URL has an invalid port");

  if (auto checked = validate_identity(settings_.from); !checked) {
    throw std::invalid_argument("mail sender: " + checked.error().message);
  }
  const std::string& sender = settings_.from.address;
  if (settings_.ehlo_name.empty()) settings_.ehlo_name = sender.substr(sender.rfind('@') + 1);
  if (!is_hostname(settings_.ehlo_name)) throw std::invalid_argument("mail EHLO name must be a host name");
  if (settings_.timeout <= std::chrono::seconds::zero()) throw std::invalid_argument("mail timeout must be positive");
  if (settings_.username.empty() != settings_.password.empty()) {
    throw std::invalid_argument("mail username and password must be set together");
  }

  require_tls_ = !(settings_.allow_plaintext_loopback && loopback && scheme == "smtp");
  server_ = scheme + "://" + host + ":" + std::to_string(port);
  curl_url_ = server_ + "/" + settings_.ehlo_name;
  init_curl_once();
}

std::string SmtpMailer::describe() const {
  if (server_.starts_with("smtps:")) return server_ + " (implicit TLS)";
  return server_ + (require_tls_ ? " (STARTTLS required)" : " (plaintext to loopback allowed)");
}

core::Status SmtpMailer::send(const MailMessage& message) {
  const std::string message_id = make_message_id(settings_.from);
  auto rendered = render_message(message, settings_.from, std::chrono::system_clock::now(), message_id);
  if (!rendered) return rendered.error();

  const std::unique_ptr<CURL, EasyDeleter> easy(curl_easy_init());
  if (!easy) return mail_failed("Could not start an SMTP transfer.", {{"server", server_}, {"reason", "internal"}});
  const std::string recipient = "<" + message.to + ">";
  const std::unique_ptr<curl_slist, ListDeleter> recipients(curl_slist_append(nullptr, recipient.c_str()));
  const std::string mail_from = "<" + settings_.from.address + ">";
  Upload upload{*rendered};
  char error_buffer[CURL_ERROR_SIZE] = {};
  const auto connect_timeout = std::min(settings_.timeout, kMaxConnectTimeout);

  CURL* h = easy.get();
  curl_easy_setopt(h, CURLOPT_ERRORBUFFER, error_buffer);
  curl_easy_setopt(h, CURLOPT_URL, curl_url_.c_str());
  curl_easy_setopt(h, CURLOPT_PROTOCOLS_STR, "smtp,smtps");
  // CURLUSESSL_TRY would fall back to plaintext when STARTTLS is missing or stripped by an attacker.
  curl_easy_setopt(h, CURLOPT_USE_SSL, static_cast<long>(require_tls_ ? CURLUSESSL_ALL : CURLUSESSL_NONE));
  curl_easy_setopt(h, CURLOPT_SSLVERSION, static_cast<long>(CURL_SSLVERSION_TLSv1_2));
  curl_easy_setopt(h, CURLOPT_SSL_VERIFYPEER, 1L);
  curl_easy_setopt(h, CURLOPT_SSL_VERIFYHOST, 2L);
  if (!settings_.ca_file.empty()) curl_easy_setopt(h, CURLOPT_CAINFO, settings_.ca_file.c_str());
  if (!settings_.username.empty()) {
    curl_easy_setopt(h, CURLOPT_USERNAME, settings_.username.c_str());
    curl_easy_setopt(h, CURLOPT_PASSWORD, settings_.password.c_str());
  }
  curl_easy_setopt(h, CURLOPT_MAIL_FROM, mail_from.c_str());
  curl_easy_setopt(h, CURLOPT_MAIL_RCPT, recipients.get());
  curl_easy_setopt(h, CURLOPT_UPLOAD, 1L);
  curl_easy_setopt(h, CURLOPT_READFUNCTION, read_upload);
  curl_easy_setopt(h, CURLOPT_READDATA, &upload);
  curl_easy_setopt(h, CURLOPT_INFILESIZE_LARGE, static_cast<curl_off_t>(rendered->size()));
  curl_easy_setopt(h, CURLOPT_TIMEOUT_MS, static_cast<long>(std::chrono::milliseconds(settings_.timeout).count()));
  curl_easy_setopt(h, CURLOPT_CONNECTTIMEOUT_MS, static_cast<long>(std::chrono::milliseconds(connect_timeout).count()));
  // Timeouts by signal would hit whichever thread gets SIGALRM; we run on worker threads.
  curl_easy_setopt(h, CURLOPT_NOSIGNAL, 1L);

  const CURLcode code = curl_easy_perform(h);
  if (code == CURLE_OK) return core::Ok{};

  long smtp_status = 0;
  curl_easy_getinfo(h, CURLINFO_RESPONSE_CODE, &smtp_status);
  std::string detail = error_buffer[0] != '\0' ? error_buffer : curl_easy_strerror(code);
  // curl does not put the password in its error text, but a server may echo what it received.
  replace_all(detail, settings_.password, "***");
  boost::json::object details{
      {"server", server_}, {"reason", reason_for(code, smtp_status)}, {"curlCode", static_cast<int>(code)}};
  if (smtp_status >= 400) details["smtpStatus"] = smtp_status;  // the refusal, not a routine 250
  return mail_failed("Sending mail through " + server_ + " failed: " + detail, std::move(details));
}

}  // namespace portal::mail
