// The families' random numbers: a portable counter-based generator, so a family's cases are the
// same on every platform and compiler, and the draws built on it.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "algorithms/geometry/polytope.hpp"

namespace touchstone::cases {

// splitmix64 over a hash of (family, seed, index). Draw values in separate statements (or braced
// initializers): the order of evaluation of function arguments is unspecified. Values that define
// geometry come only from next() through our own conversions, never from std::*_distribution
// (implementation-defined), and never from libm functions other than sqrt (the only one IEEE
// requires correctly rounded).
class Rng {
 public:
  Rng(std::string_view family, std::uint64_t seed, int index);
  std::uint64_t next();
  double uniform();                                        // [0, 1), 53 random bits
  double uniform(double lo, double hi);                    // [lo, hi)
  std::int64_t integer(std::int64_t lo, std::int64_t hi);  // [lo, hi], inclusive
  bool chance(double p) { return uniform() < p; }
  Vec3 uniform_vector(double lo, double hi);  // each coordinate in [lo, hi), x first
  Vec3 unit_vector();                         // uniform on the sphere (rejection + sqrt)
  std::array<double, 4> quaternion();         // uniform unit quaternion [w, x, y, z]

 private:
  std::uint64_t state_;
};

// A shape size from {0.25, 0.5, 1, 2, 4}.
double random_size(Rng& rng);

// Fisher-Yates with our own Rng (std::shuffle's algorithm is implementation-defined).
template <typename T>
void shuffle(Rng& rng, std::vector<T>& v) {
  for (std::size_t i = v.size(); i > 1; --i)
    std::swap(v[i - 1],
              v[static_cast<std::size_t>(rng.integer(0, static_cast<std::int64_t>(i) - 1))]);
}

}  // namespace touchstone::cases
