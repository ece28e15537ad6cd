#pragma once
// Little-endian readers and writers for the A2S wire format. The reader never reads past its input:
// a short read marks it failed and returns zeros, so a decoder checks ok() once at the end.

#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

namespace portal::a2s {

class ByteReader {
 public:
  explicit ByteReader(std::string_view data) : data_(data) {}

  bool ok() const { return ok_; }
  void fail() { ok_ = false; }
  std::size_t remaining() const { return ok_ ? data_.size() - pos_ : 0; }
  std::string_view rest() const { return ok_ ? data_.substr(pos_) : std::string_view{}; }

  std::uint8_t u8() { return static_cast<std::uint8_t>(take_le(1)); }
  std::int16_t i16() { return static_cast<std::int16_t>(take_le(2)); }
  std::uint16_t u16() { return static_cast<std::uint16_t>(take_le(2)); }
  std::int32_t i32() { return static_cast<std::int32_t>(take_le(4)); }
  std::uint64_t u64() { return take_le(8); }
  float f32() {
    const auto bits = static_cast<std::uint32_t>(take_le(4));
    float value = 0;
    std::memcpy(&value, &bits, sizeof value);
    return value;
  }
  // A NUL-terminated string; a missing terminator is a failure, not "the rest of the packet".
  std::string cstring() {
    if (!ok_) return {};
    const auto end = data_.find('\0', pos_);
    if (end == std::string_view::npos) {
      ok_ = false;
      return {};
    }
    std::string value(data_.substr(pos_, end - pos_));
    pos_ = end + 1;
    return value;
  }
  std::string_view bytes(std::size_t count) {
    if (!ok_ || data_.size() - pos_ < count) {
      ok_ = false;
      return {};
    }
    auto view = data_.substr(pos_, count);
    pos_ += count;
    return view;
  }

 private:
  std::uint64_t take_le(std::size_t count) {
    if (!ok_ || data_.size() - pos_ < count) {
      ok_ = false;
      return 0;
    }
    std::uint64_t value = 0;
    for (std::size_t i = 0; i < count; ++i) {
      value |= std::uint64_t{static_cast<unsigned char>(data_[pos_ + i])} << (8 * i);
    }
    pos_ += count;
    return value;
  }

  std::string_view data_;
  std::size_t pos_ = 0;
  bool ok_ = true;
};

class ByteWriter {
 public:
  void u8(std::uint8_t value) { out_.push_back(static_cast<char>(value)); }
  void i16(std::int16_t value) { put_le(static_cast<std::uint16_t>(value), 2); }
  void u16(std::uint16_t value) { put_le(value, 2); }
  void i32(std::int32_t value) { put_le(static_cast<std::uint32_t>(value), 4); }
  void u64(std::uint64_t value) { put_le(value, 8); }
  void f32(float value) {
    std::uint32_t bits = 0;
    std::memcpy(&bits, &value, sizeof bits);
    put_le(bits, 4);
  }
  void cstring(std::string_view text) {
    out_.append(text);
    out_.push_back('\0');
  }
  void bytes(std::string_view raw) { out_.append(raw); }

  std::string& str() { return out_; }
  std::string take() { return std::move(out_); }

 private:
  void put_le(std::uint64_t value, std::size_t count) {
    for (std::size_t i = 0; i < count; ++i) out_.push_back(static_cast<char>((value >> (8 * i)) & 0xFF));
  }

  std::string out_;
};

}  // namespace portal::a2s
