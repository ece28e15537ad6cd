// load_cloud_regions: the shipped example, a file with every member, and bad files refused with the
// file, the key and the reason; load_offered_cloud_regions: the regions of pracc.regions are covered.

#include "app/config/cloud_regions.hpp"
#include "app/config/config_test_support.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <initializer_list>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

namespace portal::app {
namespace {

using test::TempToml;
using ::testing::AllOf;
using ::testing::HasSubstr;

const std::filesystem::path kExampleFile =
    std::filesystem::path(PORTAL_SOURCE_DIR) / "config" / "cloud-regions.example.toml";

std::string refusal(const std::filesystem::path& file) {
  try {
    load_cloud_regions(file);
  } catch (const ConfigError& error) {
    return error.what();
  }
  ADD_FAILURE() << "load_cloud_regions accepted " << file;
  return {};
}

// A region with what every launch needs, for the bad-file cases to spoil one thing of.
const std::string kShanghai = R"([ap-shanghai]
zones = [{ zone = "ap-shanghai-2", subnet_id = "subnet-aaaa1111" }]
image_id = "img-aaaa1111"
basic_instance_type = "S5.MEDIUM4"
premium_instance_type = "SA5.MEDIUM8"
vpc_id = "vpc-aaaa1111"
)";

TEST(ConfigCloudRegions, ShippedExampleLoads) {
  const auto regions = load_cloud_regions(kExampleFile);
  ASSERT_EQ(regions.size(), 3U);
  const auto& shanghai = regions.at("ap-shanghai");
  ASSERT_EQ(shanghai.zones.size(), 3U);
  EXPECT_EQ(shanghai.zones[0].zone, "ap-shanghai-2");
  EXPECT_EQ(shanghai.zones[0].subnet_id, "subnet-3kq8x1ab");
  EXPECT_EQ(shanghai.zones[2].zone, "ap-shanghai-5");
  EXPECT_EQ(shanghai.image_id, "img-487zeit5");
  EXPECT_EQ(shanghai.basic_instance_type, "S5.MEDIUM4");
  EXPECT_EQ(shanghai.premium_instance_type, "SA5.MEDIUM8");
  EXPECT_EQ(shanghai.security_group_ids, std::vector<std::string>{"sg-5tq2lk8v"});
  EXPECT_EQ(shanghai.vpc_id, "vpc-9bx3n7qr");
  EXPECT_EQ(shanghai.key_ids, std::vector<std::string>{"skey-2mv8r5tj"});
  const auto& guangzhou = regions.at("ap-guangzhou");
  EXPECT_EQ(guangzhou.zones.size(), 2U);
  EXPECT_EQ(guangzhou.system_disk_gb, 80);  // RegionLaunch's defaults where the file is silent
  EXPECT_EQ(guangzhou.bandwidth_mbps, 50);
  EXPECT_EQ(guangzhou.instance_charge_type, "POSTPAID_BY_HOUR");
  const auto& frankfurt = regions.at("eu-frankfurt");
  EXPECT_EQ(frankfurt.launch_template_id, "lt-0q5jb8yn");
  EXPECT_TRUE(frankfurt.image_id.empty());
  EXPECT_TRUE(frankfurt.zones[1].subnet_id.empty());
  EXPECT_EQ(frankfurt.system_disk_gb, 0);
  EXPECT_EQ(frankfurt.bandwidth_mbps, 0);
}

TEST(ConfigCloudRegions, GoodFileSetsEveryMember) {
  const TempToml file(R"(
[ap-beijing]
zones = [
  { zone = "ap-beijing-6", subnet_id = "subnet-bj000006" },
  { zone = "ap-beijing-7", subnet_id = "subnet-bj000007" },
]
image_id = "img-bj000001"
basic_instance_type = "S5.MEDIUM4"
premium_instance_type = "S6.LARGE8"
launch_template_id = "lt-bj000001"
security_group_ids = ["sg-bj000001", "sg-bj000002"]
vpc_id = "vpc-bj000001"
system_disk_type = "CLOUD_SSD"
system_disk_gb = 100
bandwidth_mbps = 30
internet_charge_type = "BANDWIDTH_POSTPAID_BY_HOUR"
instance_charge_type = "SPOTPAID"
cam_role_name = "DemoUploader"
key_ids = ["skey-bj000001"]

# The other way of writing the zones.
[ap-tokyo]
image_id = "img-tk000001"
basic_instance_type = "S5.MEDIUM4"
premium_instance_type = "SA5.MEDIUM8"
[[ap-tokyo.zones]]
zone = "ap-tokyo-2"
)");
  const auto regions = load_cloud_regions(file.path());
  ASSERT_EQ(regions.size(), 2U);
  const auto& beijing = regions.at("ap-beijing");
  ASSERT_EQ(beijing.zones.size(), 2U);
  EXPECT_EQ(beijing.zones[1].zone, "ap-beijing-7");
  EXPECT_EQ(beijing.zones[1].subnet_id, "subnet-bj000007");
  EXPECT_EQ(beijing.image_id, "img-bj000001");
  EXPECT_EQ(beijing.basic_instance_type, "S5.MEDIUM4");
  EXPECT_EQ(beijing.premium_instance_type, "S6.LARGE8");
  EXPECT_EQ(beijing.launch_template_id, "lt-bj000001");
  EXPECT_EQ(beijing.security_group_ids, (std::vector<std::string>{"sg-bj000001", "sg-bj000002"}));
  EXPECT_EQ(beijing.vpc_id, "vpc-bj000001");
  EXPECT_EQ(beijing.system_disk_type, "CLOUD_SSD");
  EXPECT_EQ(beijing.system_disk_gb, 100);
  EXPECT_EQ(beijing.bandwidth_mbps, 30);
  EXPECT_EQ(beijing.internet_charge_type, "BANDWIDTH_POSTPAID_BY_HOUR");
  EXPECT_EQ(beijing.instance_charge_type, "SPOTPAID");
  EXPECT_EQ(beijing.cam_role_name, "DemoUploader");
  EXPECT_EQ(beijing.key_ids, std::vector<std::string>{"skey-bj000001"});
  const auto& tokyo = regions.at("ap-tokyo");
  ASSERT_EQ(tokyo.zones.size(), 1U);
  EXPECT_EQ(tokyo.zones[0].zone, "ap-tokyo-2");
  EXPECT_TRUE(tokyo.zones[0].subnet_id.empty());
}

// ---- bad files: each names the file, the key and the reason ----

struct BadFile {
  const char* name;
  std::string text;
  std::vector<std::string> says;  // the message holds each
};

void PrintTo(const BadFile& bad, std::ostream* os) { *os << bad.name; }

class CloudRegionsBadFile : public ::testing::TestWithParam<BadFile> {};

TEST_P(CloudRegionsBadFile, IsRefused) {
  const TempToml file(GetParam().text);
  const std::string message = refusal(file.path());
  EXPECT_THAT(message, HasSubstr(file.path().string())) << message;
  for (const auto& part : GetParam().says) EXPECT_THAT(message, HasSubstr(part)) << message;
  EXPECT_EQ(message.back(), '.') << "not a complete sentence: " << message;
}

std::string bad_file_name(const ::testing::TestParamInfo<BadFile>& info) { return info.param.name; }

INSTANTIATE_TEST_SUITE_P(
    ConfigCloudRegions, CloudRegionsBadFile,
    ::testing::Values(
        BadFile{"missing_zone_list",
                "[ap-shanghai]\nimage_id = \"img-a1\"\nbasic_instance_type = \"S5.MEDIUM4\"\n"
                "premium_instance_type = \"SA5.MEDIUM8\"\n",
                {"\"ap-shanghai.zones\"", "(line 1)", "is missing"}},
        BadFile{"empty_zone_list", kShanghai + "[ap-tokyo]\nzones = []\n", {"\"ap-tokyo.zones\"", "at least one zone"}},
        BadFile{"unknown_key",
                kShanghai + "image = \"img-aaaa1111\"\n",
                {"\"ap-shanghai.image\"", "(line 7)", "not a launch setting", "image_id"}},
        BadFile{"unknown_zone_key",
                "[ap-shanghai]\nzones = [{ zone = \"ap-shanghai-2\", subnet = \"subnet-a1\" }]\n",
                {"\"ap-shanghai.zones.subnet\"", "not a zone setting"}},
        BadFile{"wrong_type_string",
                kShanghai + "cam_role_name = 7\n",
                {"\"ap-shanghai.cam_role_name\"", "(line 7)", "must be a string, not an integer"}},
        BadFile{"wrong_type_integer",
                kShanghai + "system_disk_gb = \"80\"\n",
                {"\"ap-shanghai.system_disk_gb\"", "must be an integer, not a string"}},
        BadFile{"wrong_type_list",
                kShanghai + "security_group_ids = \"sg-aaaa1111\"\n",
                {"\"ap-shanghai.security_group_ids\"", "must be an array of strings, not a string"}},
        BadFile{"wrong_type_list_element",
                kShanghai + "key_ids = [\"skey-aaaa1111\", 2]\n",
                {"\"ap-shanghai.key_ids\"", "holds an integer"}},
        BadFile{"wrong_type_zones",
                "[ap-shanghai]\nzones = \"ap-shanghai-2\"\n",
                {"\"ap-shanghai.zones\"", "must be an array of { zone, subnet_id } tables, not a string"}},
        BadFile{"wrong_type_zone_element",
                "[ap-shanghai]\nzones = [\"ap-shanghai-2\"]\n",
                {"\"ap-shanghai.zones\"", "must hold { zone, subnet_id } tables, not a string"}},
        BadFile{"wrong_type_region",
                "ap-shanghai = \"img-a1\"\n",
                {"\"ap-shanghai\"", "must be a table of the region's launch settings"}},
        BadFile{"zone_without_name",
                "[ap-shanghai]\nzones = [{ subnet_id = \"subnet-a1\" }]\n",
                {"\"ap-shanghai.zones\"", "without its \"zone\""}},
        BadFile{"zone_of_another_region",
                "[ap-shanghai]\nzones = [{ zone = \"ap-beijing-6\", subnet_id = \"subnet-a1\" }]\n",
                {"\"ap-shanghai.zones.zone\"", "\"ap-beijing-6\""}},
        BadFile{"zone_is_the_region",
                "[ap-shanghai]\nzones = [{ zone = \"ap-shanghai\" }]\n",
                {"\"ap-shanghai.zones.zone\"", "a zone of ap-shanghai"}},
        BadFile{"zone_twice",
                "[ap-shanghai]\nzones = [{ zone = \"ap-shanghai-2\" }, { zone = \"ap-shanghai-2\" }]\n",
                {"\"ap-shanghai.zones\"", "twice"}},
        BadFile{"unknown_region",
                "[ap-mars]\nzones = [{ zone = \"ap-mars-1\" }]\n",
                {"\"ap-mars\"", "not a Tencent Cloud region code"}},
        BadFile{"no_basic_type",
                "[ap-shanghai]\nzones = [{ zone = \"ap-shanghai-2\" }]\nimage_id = \"img-a1\"\n"
                "premium_instance_type = \"SA5.MEDIUM8\"\n",
                {"\"ap-shanghai.basic_instance_type\"", "is required"}},
        BadFile{"no_image_without_template",
                "[ap-shanghai]\nzones = [{ zone = \"ap-shanghai-2\" }]\nbasic_instance_type = \"S5.MEDIUM4\"\n"
                "premium_instance_type = \"SA5.MEDIUM8\"\n",
                {"\"ap-shanghai.image_id\"", "is required", "launch_template_id"}},
        BadFile{"image_of_wrong_kind",
                kShanghai + "[ap-tokyo]\nzones = [{ zone = \"ap-tokyo-1\" }]\n" +
                    "image_id = \"ubuntu-22.04\"\nbasic_instance_type = \"S5.MEDIUM4\"\n" +
                    "premium_instance_type = \"SA5.MEDIUM8\"\n",
                {"\"ap-tokyo.image_id\"", "\"img-\"", "\"ubuntu-22.04\""}},
        BadFile{"security_group_of_wrong_kind",
                kShanghai + "security_group_ids = [\"vpc-aaaa1111\"]\n",
                {"\"ap-shanghai.security_group_ids\"", "\"sg-\""}},
        BadFile{"subnet_of_wrong_kind",
                "[ap-shanghai]\nzones = [{ zone = \"ap-shanghai-2\", subnet_id = \"sn-1\" }]\nimage_id = \"img-a1\"\n"
                "basic_instance_type = \"S5.MEDIUM4\"\npremium_instance_type = \"SA5.MEDIUM8\"\n"
                "vpc_id = \"vpc-a1\"\n",
                {"\"ap-shanghai.zones.subnet_id\"", "\"subnet-\""}},
        BadFile{"vpc_without_subnet",
                "[ap-shanghai]\nzones = [{ zone = \"ap-shanghai-2\" }]\nimage_id = \"img-a1\"\n"
                "basic_instance_type = \"S5.MEDIUM4\"\npremium_instance_type = \"SA5.MEDIUM8\"\n"
                "vpc_id = \"vpc-a1\"\n",
                {"\"ap-shanghai.zones\"", "subnet_id", "\"ap-shanghai-2\""}},
        BadFile{"subnet_without_vpc",
                "[ap-shanghai]\nzones = [{ zone = \"ap-shanghai-2\", subnet_id = \"subnet-a1\" }]\n"
                "image_id = \"img-a1\"\nbasic_instance_type = \"S5.MEDIUM4\"\n"
                "premium_instance_type = \"SA5.MEDIUM8\"\n",
                {"\"ap-shanghai.vpc_id\"", "is required"}},
        BadFile{"disk_too_small", kShanghai + "system_disk_gb = 10\n", {"\"ap-shanghai.system_disk_gb\"", "20"}},
        BadFile{"negative_bandwidth",
                kShanghai + "bandwidth_mbps = -5\n",
                {"\"ap-shanghai.bandwidth_mbps\"", "out of range"}},
        BadFile{"charge_type_lowercase",
                kShanghai + "instance_charge_type = \"postpaid_by_hour\"\n",
                {"\"ap-shanghai.instance_charge_type\"", "POSTPAID_BY_HOUR"}},
        BadFile{"internet_charge_unknown",
                kShanghai + "internet_charge_type = \"FREE\"\n",
                {"\"ap-shanghai.internet_charge_type\"", "TRAFFIC_POSTPAID_BY_HOUR"}},
        BadFile{"no_region", "# nothing yet\n", {"names no region"}},
        BadFile{"not_toml", "[ap-shanghai\nzones = 1\n", {"is not valid TOML", "line 1"}}),
    bad_file_name);

TEST(ConfigCloudRegions, MissingFileIsNamed) {
  const std::string message = refusal("/nonexistent/cloud-regions.toml");
  EXPECT_THAT(message, AllOf(HasSubstr("/nonexistent/cloud-regions.toml"), HasSubstr("cloud.regions_file"),
                             HasSubstr("does not exist")));
}

TEST(ConfigCloudRegions, KnownRegionsHaveTheFormXxName) {
  for (const std::string_view code : known_cloud_regions()) {
    EXPECT_TRUE(code.size() > 3 && code[2] == '-') << code;
    EXPECT_TRUE(is_known_cloud_region(code));
  }
  // Every region the rental offers by default is known.
  for (const std::string& code : PraccConfig{}.regions) EXPECT_TRUE(is_known_cloud_region(code)) << code;
  EXPECT_FALSE(is_known_cloud_region("ap-shanghai-2"));
  EXPECT_FALSE(is_known_cloud_region("AP-SHANGHAI"));
}

// ---- what production launches with ----

Config production_with_example_file() {
  Config config;
  config.cloud.secret_id = "AKIDexample0123456789";
  config.cloud.secret_key = "example-secret-key-0123456789";
  config.cloud.regions_file = kExampleFile.string();
  config.cloud.cos_bucket = "pracc-demos-1250000000";
  config.cloud.cos_region = "ap-shanghai";
  config.pracc.regions = {"eu-frankfurt", "ap-shanghai"};
  return config;
}

TEST(ConfigCloudRegions, OfferedRegionsNeedLaunchSettings) {
  Config config = production_with_example_file();
  const auto regions = load_offered_cloud_regions(config);
  EXPECT_TRUE(regions.contains("eu-frankfurt"));
  EXPECT_TRUE(regions.contains("ap-shanghai"));

  config.pracc.regions = {"ap-shanghai", "ap-tokyo", "sa-saopaulo"};
  try {
    load_offered_cloud_regions(config);
    FAIL() << "regions without launch settings were accepted";
  } catch (const ConfigError& error) {
    EXPECT_THAT(error.what(), AllOf(HasSubstr(kExampleFile.string()), HasSubstr("ap-tokyo, sa-saopaulo"),
                                    HasSubstr("pracc.regions")));
  }
}

TEST(ConfigCloudRegions, OfferedRegionsNeedTheCloudSettingsFirst) {
  Config config = production_with_example_file();
  config.cloud.secret_key.clear();
  try {
    load_offered_cloud_regions(config);
    FAIL() << "a missing key was accepted";
  } catch (const ConfigError& error) {
    EXPECT_THAT(error.what(), AllOf(HasSubstr("cloud.secret_key"), HasSubstr("PORTAL_CLOUD__SECRET_KEY")));
  }
}

}  // namespace
}  // namespace portal::app
