#include "cases/family_rng.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <stdexcept>

#include "cases/fnv1a.hpp"

namespace touchstone::cases {

namespace {

std::uint64_t mix64(std::uint64_t z) {
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

std::uint64_t fnv1a(std::string_view s) {
  Fnv1a f{Fnv1a::kStandardBasis};
  f.text(s);
  return f.h;
}

}  // namespace

// ---------------------------------------------------------------- RNG

Rng::Rng(std::string_view family, std::uint64_t seed, int index)
    : state_(mix64(mix64(fnv1a(family) ^ mix64(seed + 0x9e3779b97f4a7c15ULL)) ^
                   static_cast<std::uint64_t>(static_cast<std::int64_t>(index)))) {}

std::uint64_t Rng::next() {
  state_ += 0x9e3779b97f4a7c15ULL;
  return mix64(state_);
}

double Rng::uniform() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }

double Rng::uniform(double lo, double hi) { return lo + (hi - lo) * uniform(); }

std::int64_t Rng::integer(std::int64_t lo, std::int64_t hi) {
  if (hi <= lo) return lo;
  const std::uint64_t span = static_cast<std::uint64_t>(hi - lo) + 1;
  return lo + static_cast<std::int64_t>(next() % span);
}

Vec3 Rng::uniform_vector(double lo, double hi) {
  const double x = uniform(lo, hi);
  const double y = uniform(lo, hi);
  const double z = uniform(lo, hi);
  return {x, y, z};
}

Vec3 Rng::unit_vector() {
  for (;;) {
    const Vec3 v = uniform_vector(-1, 1);
    const double n2 = v.squaredNorm();
    if (n2 > 1e-4 && n2 <= 1.0) return v / std::sqrt(n2);
  }
}

std::array<double, 4> Rng::quaternion() {
  for (;;) {
    std::array<double, 4> q{uniform(-1, 1), uniform(-1, 1), uniform(-1, 1), uniform(-1, 1)};
    const double n2 = q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3];
    if (n2 > 1e-4 && n2 <= 1.0) {
      const double n = std::sqrt(n2);
      for (double& c : q) c /= n;
      return q;
    }
  }
}

double random_size(Rng& rng) {
  static const double sizes[] = {0.25, 0.5, 1.0, 2.0, 4.0};
  return sizes[rng.integer(0, 4)];
}

}  // namespace touchstone::cases
