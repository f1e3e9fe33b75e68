// Shared by the libFuzzer targets: a per-process scratch file that a target writes the input to,
// for the readers whose entry point takes a path (the case loader, the mesh and FCLib readers).
#pragma once

#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "algorithms/geometry/polytope.hpp"

namespace touchstone::fuzz {

// <tmp>/touchstone-fuzz-<pid>/input<extension>, holding `size` bytes of `data`.
inline std::filesystem::path scratch_file(const std::uint8_t* data, std::size_t size,
                                          const std::string& extension) {
  namespace fs = std::filesystem;
  static const fs::path dir = [] {
    fs::path d = fs::temp_directory_path() / ("touchstone-fuzz-" + std::to_string(::getpid()));
    fs::create_directories(d);
    return d;
  }();
  const fs::path file = dir / ("input" + extension);
  std::ofstream out(file, std::ios::binary | std::ios::trunc);
  out.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
  return file;
}

// Reads bytes from the front of the input, zeros once it runs out.
class ByteReader {
 public:
  ByteReader(const std::uint8_t* data, std::size_t size) : data_(data), size_(size) {}
  bool empty() const { return pos_ >= size_; }
  std::uint8_t byte() { return pos_ < size_ ? data_[pos_++] : 0; }
  std::uint32_t u32() {
    std::uint32_t v = 0;
    for (int i = 0; i < 4; ++i) v = v << 8 | byte();
    return v;
  }
  double raw_double() {
    std::uint64_t bits = 0;
    for (int i = 0; i < 8; ++i) bits = bits << 8 | byte();
    double d;
    static_assert(sizeof d == sizeof bits);
    __builtin_memcpy(&d, &bits, sizeof d);
    return d;
  }
  // A coordinate: mostly from a small set of values, so coincidences and coplanarity (the
  // degenerate cases) are frequent; sometimes any double at all, NaN and infinities included.
  double coordinate() {
    static constexpr double table[] = {0.0, 1.0,    -1.0,    0.5,   2.0,   -2.0, 3.0,  1e-9,
                                       1e9, 1e-300, -1e-300, 1e150, 1e300, 0.25, -0.5, 7.0};
    const std::uint8_t b = byte();
    if (b < 0xF0) return table[b % 16] + (b / 16 < 8 ? 0.0 : table[(b / 16) % 16]);
    return raw_double();
  }

 private:
  const std::uint8_t* data_;
  std::size_t size_;
  std::size_t pos_ = 0;
};

// The polytope target's input format: the first byte picks the route (even: from_faces, odd:
// from_points, the exact convex hull), then a vertex count and coordinates (mostly from a small
// table, so coincident, collinear and coplanar points are common), then for from_faces a face
// count and each face's vertex indices plus one (0 and nv + 1 are out of range). Builds the
// polytope; throws what the builder throws.
inline Polytope polytope_from_bytes(const std::uint8_t* data, std::size_t size) {
  ByteReader in(data, size);
  const bool hull = in.byte() & 1;
  const std::size_t nv = in.byte() % 64;
  std::vector<Vec3> vertices;
  for (std::size_t i = 0; i < nv; ++i) {
    const double x = in.coordinate(), y = in.coordinate(), z = in.coordinate();
    vertices.emplace_back(x, y, z);
  }
  if (hull) return Polytope::from_points(vertices);
  const std::size_t nf = in.byte() % 48;
  std::vector<std::vector<int>> faces(nf);
  for (auto& face : faces) {
    const std::size_t k = in.byte() % 9;
    for (std::size_t i = 0; i < k; ++i) face.push_back(static_cast<int>(in.byte() % (nv + 2)) - 1);
  }
  return Polytope::from_faces(vertices, faces);
}

}  // namespace touchstone::fuzz
