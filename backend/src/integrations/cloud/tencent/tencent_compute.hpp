#pragma once
// cloud::Compute on Tencent Cloud CVM (protocols.md 6.2): RunInstances with the region's launch
// settings and the rendered bootstrap as UserData, DescribeInstances, Reboot/Stop/Start/Terminate in
// batches of 100, and DescribeZoneInstanceConfigInfos to know where a tier's type is on sale.

#include "core/clock.hpp"
#include "integrations/cloud/cloud.hpp"
#include "integrations/cloud/tencent/cvm_api.hpp"
#include "integrations/cloud/tencent/settings.hpp"
#include "integrations/http/http_client.hpp"

#include <cstddef>
#include <optional>

namespace portal::cloud::tencent {

// CVM takes at most this many InstanceIds per call.
inline constexpr std::size_t kCvmBatchSize = 100;

class TencentCompute final : public Compute {
 public:
  // Throws std::invalid_argument when the CVM endpoint is not an http(s) URL.
  TencentCompute(Credentials credentials, CvmSettings settings, integrations::HttpClient& http, core::UnixClock now);

  core::Result<std::string> launch(const LaunchRequest& request) override;
  core::Result<std::vector<InstanceInfo>> describe(const std::string& region,
                                                   const std::vector<std::string>& instance_ids) override;
  core::Status reboot(const std::string& region, const std::vector<std::string>& instance_ids) override;
  core::Status stop(const std::string& region, const std::vector<std::string>& instance_ids) override;
  core::Status start(const std::string& region, const std::vector<std::string>& instance_ids) override;
  core::Status terminate(const std::string& region, const std::vector<std::string>& instance_ids) override;
  core::Result<std::vector<RegionStatus>> region_status(const std::vector<std::string>& regions, Tier tier) override;

 private:
  // The first configured zone of the region where the type is on sale (nullopt: sold out everywhere).
  core::Result<std::optional<LaunchZone>> selling_zone(const std::string& region, const RegionLaunch& launch,
                                                       const std::string& instance_type);
  // One action over the ids in batches of kCvmBatchSize, with `extra` fields in every request.
  core::Status act(std::string_view action, const std::string& region, const std::vector<std::string>& instance_ids,
                   const boost::json::object& extra);

  CvmSettings settings_;
  CvmApi api_;
};

}  // namespace portal::cloud::tencent
