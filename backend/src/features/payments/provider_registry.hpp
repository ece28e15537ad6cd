#pragma once
// The providers of the enabled payment methods, as app/ built them (the real adapters, the demo
// stand-ins, or a test double). A method without a provider is not enabled.

#include "integrations/payments/provider.hpp"

#include <map>
#include <memory>
#include <vector>

namespace portal::payments {

class ProviderRegistry {
 public:
  void add(std::shared_ptr<Provider> provider) {
    const Method method = provider->method();
    providers_[method] = std::move(provider);
  }
  Provider* find(Method method) const {
    auto it = providers_.find(method);
    return it == providers_.end() ? nullptr : it->second.get();
  }
  std::vector<Method> methods() const {
    std::vector<Method> out;
    for (const auto& entry : providers_) out.push_back(entry.first);
    return out;
  }

 private:
  std::map<Method, std::shared_ptr<Provider>> providers_;
};

}  // namespace portal::payments
