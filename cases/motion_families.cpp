// Motion families on the shapes of TR97-05's operation-count experiment (see motion_families.hpp).
#include "cases/motion_families.hpp"

#include <cmath>
#include <map>
#include <sstream>

#include "cases/family_support.hpp"

namespace touchstone {
namespace {

constexpr double kPi = 3.14159265358979323846;

// Taylor series on [-π/2, π/2] (the last term used is below 1e-20).
double sin_reduced(double x) {
  const double x2 = x * x;
  double term = x, sum = x;
  for (int n = 1; n <= 13; ++n) {
    term = -term * x2 / ((2.0 * n) * (2.0 * n + 1.0));
    sum += term;
  }
  return sum;
}

std::vector<Vec3> hull_points_on_sphere(std::vector<Vec3> points) {
  for (Vec3& p : points) p /= std::sqrt(p.dot(p));
  return points;
}

Vec3 orthogonal_unit(const Vec3& n) {
  const Vec3 helper = std::abs(n.x()) < 0.5 ? Vec3(1, 0, 0) : Vec3(0, 1, 0);
  const Vec3 u = n.cross(helper);
  return u / std::sqrt(u.dot(u));
}

// B orbits A (fixed at the origin) at radius 1.05 × (R_A + R_B), so the pair stays separated
// whatever the orientation; each frame it advances ω along the orbit and turns ω about its own
// axis.
MotionCase orbit_case(const std::string& family, std::vector<Vec3> vertices, std::uint64_t seed,
                      int index, const MotionParams& params) {
  cases::Rng rng(family, seed, index);
  const Vec3 normal = rng.unit_vector();
  const Vec3 spin_axis = rng.unit_vector();
  const std::array<double, 4> q0 = rng.quaternion();
  const double phase = rng.uniform(0.0, 2 * kPi);
  double radius = 0;
  for (const Vec3& v : vertices) radius = std::max(radius, std::sqrt(v.dot(v)));
  const double orbit = 1.05 * 2 * radius;
  const Vec3 u = orthogonal_unit(normal);
  const Vec3 w = normal.cross(u);
  const double step = params.omega_degrees * kPi / 180.0;

  MotionCase m;
  std::ostringstream id;
  id << family << "/s" << seed << "/i" << index << "/w" << params.omega_degrees;
  m.id = id.str();
  m.family = family;
  m.tags = {"motion",
            "omega:" + std::to_string(static_cast<int>(std::lround(params.omega_degrees)))};
  m.a = {"A", vertices, std::nullopt};
  m.b = {"B", std::move(vertices), std::nullopt};
  m.origin = {{"family", family},        {"seed", seed},
              {"index", index},          {"omega_deg", params.omega_degrees},
              {"frames", params.frames}, {"orbit_radius", orbit}};
  for (int k = 0; k < params.frames; ++k) {
    const double angle = phase + k * step;
    const Vec3 center = orbit * (portable_cos(angle) * u + portable_sin(angle) * w);
    const auto q = quaternion_product(axis_angle_quaternion(spin_axis, k * step), q0);
    m.frames.push_back({Pose::identity(), Pose::from_quaternion(q, center)});
  }
  return m;
}

std::vector<MotionFamily> make_families() {
  auto family = [](std::string name, std::string description, std::vector<Vec3> vertices) {
    MotionFamily f;
    f.name = name;
    f.description = std::move(description);
    f.vertices = static_cast<int>(vertices.size());
    f.generate = [name, vertices](std::uint64_t seed, int index, const MotionParams& p) {
      return orbit_case(name, vertices, seed, index, p);
    };
    return f;
  };
  return {
      family("motion-cube", "two cubes (8 vertices), B orbiting and spinning past A",
             cube_vertices()),
      family("motion-icosahedron", "two icosahedra (12 vertices), B orbiting and spinning past A",
             icosahedron_vertices()),
      family("motion-disk",
             "two disks with two 60-sided faces, 10:1 aspect ratio (120 vertices), B orbiting "
             "and spinning past A",
             disk_vertices()),
      family("motion-sphere",
             "two icospheres (642 vertices, 1280 faces), B orbiting and spinning past A",
             icosphere_vertices()),
  };
}

}  // namespace

double portable_sin(double x) {
  // Reduce to [-π, π], then to [-π/2, π/2] with sin(π - x) = sin(x).
  x -= 2 * kPi * std::floor(x / (2 * kPi) + 0.5);
  if (x > kPi / 2) x = kPi - x;
  if (x < -kPi / 2) x = -kPi - x;
  return sin_reduced(x);
}

double portable_cos(double x) { return portable_sin(x + kPi / 2); }

std::array<double, 4> axis_angle_quaternion(const Vec3& axis, double radians) {
  const Vec3 a = axis / std::sqrt(axis.dot(axis));
  const double s = portable_sin(radians / 2);
  return {portable_cos(radians / 2), s * a.x(), s * a.y(), s * a.z()};
}

std::array<double, 4> quaternion_product(const std::array<double, 4>& q1,
                                         const std::array<double, 4>& q2) {
  const auto [w1, x1, y1, z1] = q1;
  const auto [w2, x2, y2, z2] = q2;
  std::array<double, 4> q{
      w1 * w2 - x1 * x2 - y1 * y2 - z1 * z2, w1 * x2 + x1 * w2 + y1 * z2 - z1 * y2,
      w1 * y2 - x1 * z2 + y1 * w2 + z1 * x2, w1 * z2 + x1 * y2 - y1 * x2 + z1 * w2};
  const double n = std::sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
  for (double& c : q) c /= n;
  return q;
}

std::vector<Vec3> cube_vertices() {
  std::vector<Vec3> v;
  for (int i = 0; i < 8; ++i) v.emplace_back(i & 1 ? 1 : -1, i & 2 ? 1 : -1, i & 4 ? 1 : -1);
  return v;
}

std::vector<Vec3> icosahedron_vertices() {
  const double phi = (1 + std::sqrt(5.0)) / 2;
  std::vector<Vec3> v;
  for (double s1 : {-1.0, 1.0})
    for (double s2 : {-phi, phi}) {
      v.emplace_back(0, s1, s2);
      v.emplace_back(s1, s2, 0);
      v.emplace_back(s2, 0, s1);
    }
  return hull_points_on_sphere(v);
}

std::vector<Vec3> disk_vertices(int sides, double aspect) {
  // Radius 1, thickness 2 / aspect: both caps are exactly planar (one z each) and every side
  // quad is exactly vertical (the same x, y above and below).
  const double half = 1.0 / aspect;
  std::vector<Vec3> v;
  for (double z : {-half, half})
    for (int k = 0; k < sides; ++k) {
      const double t = 2 * kPi * k / sides;
      v.emplace_back(portable_cos(t), portable_sin(t), z);
    }
  return v;
}

std::vector<Vec3> icosphere_vertices(int subdivisions) {
  std::vector<Vec3> v = icosahedron_vertices();
  // Icosahedron faces: triples of mutually adjacent vertices (edge length is the minimum
  // distance).
  double edge = 1e300;
  for (std::size_t i = 0; i < v.size(); ++i)
    for (std::size_t j = i + 1; j < v.size(); ++j) edge = std::min(edge, (v[i] - v[j]).norm());
  auto adjacent = [&](std::size_t i, std::size_t j) { return (v[i] - v[j]).norm() < 1.01 * edge; };
  std::vector<std::array<int, 3>> faces;
  for (std::size_t i = 0; i < v.size(); ++i)
    for (std::size_t j = i + 1; j < v.size(); ++j)
      for (std::size_t k = j + 1; k < v.size(); ++k)
        if (adjacent(i, j) && adjacent(j, k) && adjacent(i, k))
          faces.push_back({static_cast<int>(i), static_cast<int>(j), static_cast<int>(k)});
  for (int level = 0; level < subdivisions; ++level) {
    std::map<std::pair<int, int>, int> midpoint;
    auto mid = [&](int a, int b) {
      const auto key = std::minmax(a, b);
      if (auto it = midpoint.find(key); it != midpoint.end()) return it->second;
      Vec3 m = (v[a] + v[b]) / 2;
      v.push_back(m / std::sqrt(m.dot(m)));
      return midpoint[key] = static_cast<int>(v.size() - 1);
    };
    std::vector<std::array<int, 3>> next;
    for (const auto& [a, b, c] : faces) {
      const int ab = mid(a, b), bc = mid(b, c), ca = mid(c, a);
      next.push_back({a, ab, ca});
      next.push_back({b, bc, ab});
      next.push_back({c, ca, bc});
      next.push_back({ab, bc, ca});
    }
    faces = std::move(next);
  }
  return v;
}

const std::vector<MotionFamily>& motion_families() {
  static const std::vector<MotionFamily> families = make_families();
  return families;
}

const MotionFamily* find_motion_family(const std::string& name) {
  return cases::find_named(motion_families(), name);
}

std::vector<const MotionFamily*> match_motion_families(const std::string& pattern) {
  return cases::match_named(motion_families(), pattern);
}

}  // namespace touchstone
