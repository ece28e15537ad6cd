#include "integrations/payments/provider.hpp"

namespace portal::payments {

const char* to_string(Method method) {
  switch (method) {
    case Method::alipay:
      return "alipay";
    case Method::wechat:
      return "wechat";
    case Method::paypal:
      return "paypal";
  }
  return "alipay";
}

std::optional<Method> method_from(std::string_view name) {
  if (name == "alipay") return Method::alipay;
  if (name == "wechat") return Method::wechat;
  if (name == "paypal") return Method::paypal;
  return std::nullopt;
}

}  // namespace portal::payments
