#include "features/content/routes.hpp"

#include "features/content/errors.hpp"
#include "http/api_error.hpp"

#include <boost/json/serialize.hpp>
#include <boost/json/value_from.hpp>

#include <memory>

namespace portal::content {

boost::json::value public_config_json(const PublicSettings& s) {
  return {
      {"mode", s.demo ? "demo" : "production"},
      {"servers",
       {{"enabled", s.servers.enabled},
        {"features",
         {{"details", s.servers.details},
          {"rules", s.servers.rules},
          {"quickJoin", s.servers.quick_join},
          {"filters", s.servers.filters}}}}},
      {"pracc", {{"enabled", s.pracc_enabled}}},
      {"inventory", {{"enabled", s.inventory_enabled}}},
      {"settings",
       {{"enabled", s.settings.enabled},
        {"features",
         {{"general", s.settings.general}, {"profile", s.settings.profile}, {"security", s.settings.security}}}}},
      {"steam",
       {{"openidEndpoint", s.steam_openid_endpoint},
        {"realm", s.steam_realm},
        {"returnUrl", s.steam_return_url},
        {"bindReturnUrl", s.steam_bind_return_url}}},
      {"join", {{"addressPrefix", s.join_address_prefix}, {"appId", s.game_app_id}}},
      {"links",
       {{"bilibili", s.bilibili},
        {"douyin", s.douyin},
        {"weibo", s.weibo},
        {"qqGroup", s.qq_group},
        {"filingNumber", s.filing_number},
        {"filingUrl", s.filing_url},
        {"vipStore", s.vip_store},
        {"vipPay", s.vip_pay},
        {"inventory", s.inventory},
        {"inventorySignIn", s.inventory_sign_in},
        {"supportEmail", s.support_email}}},
      {"payments",
       {{"methods", boost::json::value_from(s.payment_methods)}, {"sandboxScanUrl", s.payment_sandbox_scan_url}}},
  };
}

void register_routes(http::RouteTable& routes, const PublicSettings& settings, Announcements& announcements) {
  // The settings do not change while the process runs: serialise once.
  auto body = std::make_shared<const std::string>(boost::json::serialize(public_config_json(settings)));
  routes.add(http::Route{
      .method = http::Method::get,
      .pattern = "/api/config",
      .access = http::Access::public_access,
      .exec = http::Exec::inline_io,
      .handler =
          [body](http::Request&) {
            auto response = http::shared_response(body, "application/json");
            response.set_header("Cache-Control", "no-cache");
            return response;
          },
      .summary = "Feature flags and public settings for the web client",
  });
  routes.get("/api/server/announcement", http::Access::public_access, [&announcements](http::Request& request) {
    const std::string lang(request.query_param("lang").value_or("zh"));
    if (!is_language(lang)) {
      return http::error_response(errors::lang_not_supported());
    }
    boost::json::array list;
    if (auto a = announcements.get(lang)) {
      list.push_back({{"text", a->text}, {"lang", a->lang}, {"updatedAt", a->updated_at}});
    }
    return http::json_response(list);
  });
}

}  // namespace portal::content
