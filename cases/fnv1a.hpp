// 64-bit FNV-1a: the one hash of the project's keys and seeds (a generated family's stream, a
// reference's cache key). Feed every input's bytes or bit pattern, then read `h` or hex().
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace touchstone {

struct Fnv1a {
  // FNV-1a's offset basis.
  static constexpr std::uint64_t kStandardBasis = 14695981039346656037ull;
  // The basis of the reference caches' keys and the reports' input hashes: the standard one with
  // its last digit lost, kept so that existing caches, shard files and reports keep their keys.
  static constexpr std::uint64_t kKeyBasis = 1469598103934665603ull;
  std::uint64_t h = kKeyBasis;
  void bytes(const void* p, std::size_t n) {
    const auto* b = static_cast<const unsigned char*>(p);
    for (std::size_t i = 0; i < n; ++i) h = (h ^ b[i]) * 1099511628211ull;
  }
  void text(std::string_view s) { bytes(s.data(), s.size()); }
  void value(double x) { bytes(&x, sizeof x); }
  void value(std::int64_t x) { bytes(&x, sizeof x); }
  std::string hex() const {  // 16 lowercase hex digits
    static constexpr char kDigits[] = "0123456789abcdef";
    std::string s(16, '0');
    for (int i = 0; i < 16; ++i) s[15 - i] = kDigits[(h >> (4 * i)) & 0xf];
    return s;
  }
};

}  // namespace touchstone
