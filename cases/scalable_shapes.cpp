// Scalable solids and posed pairs (see scalable_shapes.hpp).
#include "cases/scalable_shapes.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <numbers>
#include <stdexcept>

#include "cases/motion_families.hpp"

namespace touchstone::cases {
namespace {

constexpr double kPi = std::numbers::pi;

// x rounded to a multiple of 2^-20: the product of two such numbers (|x| ≤ 1) is exact.
double grid20(double x) { return std::ldexp(std::round(std::ldexp(x, 20)), -20); }

// (cos, sin) of an angle on the 2^-20 grid, symmetric: the angle and its negative give the same
// cosine and opposite sines exactly (portable_sin is evaluated on |angle| only).
std::pair<double, double> grid_cos_sin(double angle) {
  const double a = std::abs(angle);
  const double s = grid20(portable_sin(a));
  return {grid20(portable_cos(a)), angle < 0 ? -s : s};
}

RegionCase pair_case(std::string id, std::string family, const Brep& a, const Brep& b) {
  RegionCase c;
  c.id = std::move(id);
  c.family = std::move(family);
  c.a = {"A", a.vertices, a.faces};
  c.b = {"B", b.vertices, b.faces};
  return c;
}

// B and its mirror A touching at gap 0 on the plane {axis = 0}, A on the positive side.
struct ContactPair {
  Brep a, b;
  int normal_axis = 0;  // the contact normal (from B into A) is +e_axis
  int slide_axis = 1;   // a tangential direction inside the touching face
  double slide = 0.0;   // a tangential step that keeps four steps inside the touching face
  double size = 1.0;    // the pair's scale, for the report
};

ContactPair convex_contact(int longitudes, int bands) {
  if (bands % 2 == 0) throw std::logic_error("convex contact pair: the band count must be odd");
  ContactPair p;
  p.b = uv_sphere(longitudes, bands);
  // The middle band's quad of strip 0 lies in the plane x = c·X exactly: move it to x = 0 (a
  // difference of two numbers on the 2^-40 grid of magnitude ≤ 1: exact). B is then on x ≤ 0.
  const double x0 = grid_cos_sin(kPi / (2 * bands)).first * grid_cos_sin(kPi / longitudes).first;
  for (Vec3& v : p.b.vertices) v.x() -= x0;
  p.a = mirrored(p.b, 0);
  p.normal_axis = 0;
  p.slide_axis = 1;
  p.slide = 1.0 / 64;  // the quad of 24 × 11 is ±0.13 wide in y, 8 × 3: ±0.33
  p.size = 2.0;
  return p;
}

ContactPair nonconvex_contact(int teeth) {
  ContactPair p;
  p.b = rack(teeth);
  p.a = mirrored(p.b, 1);
  p.normal_axis = 1;
  p.slide_axis = 0;
  p.slide = 1.0 / 8;  // the middle tip is x ∈ [−1, 1]
  p.size = 8.0;
  return p;
}

}  // namespace

Brep uv_sphere(int longitudes, int bands) {
  if (longitudes < 3 || bands < 2) throw std::invalid_argument("uv_sphere: too few strips/bands");
  Brep b;
  std::vector<std::pair<double, double>> ring(longitudes);
  for (int i = 0; i < longitudes; ++i) {
    double phi = (2.0 * i - 1.0) * kPi / longitudes;
    if (phi > kPi) phi -= 2 * kPi;
    ring[i] = grid_cos_sin(phi);
  }
  b.vertices.push_back({0, 0, -1});  // south pole: vertex 0
  for (int r = 1; r < bands; ++r) {
    const auto [c, z] = grid_cos_sin(-kPi / 2 + r * kPi / bands);
    for (const auto& [x, y] : ring) b.vertices.push_back({c * x, c * y, z});
  }
  const int north = static_cast<int>(b.vertices.size());
  b.vertices.push_back({0, 0, 1});
  auto at = [&](int r, int i) { return 1 + (r - 1) * longitudes + i % longitudes; };
  for (int i = 0; i < longitudes; ++i) b.faces.push_back({0, at(1, i + 1), at(1, i)});
  for (int r = 1; r + 1 < bands; ++r)
    for (int i = 0; i < longitudes; ++i)
      b.faces.push_back({at(r, i), at(r, i + 1), at(r + 1, i + 1), at(r + 1, i)});
  for (int i = 0; i < longitudes; ++i)
    b.faces.push_back({at(bands - 1, i), at(bands - 1, i + 1), north});
  return b;
}

Brep octasphere(int subdivisions) {
  Brep b;
  b.vertices = {{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}};
  for (int sx = 0; sx < 2; ++sx)
    for (int sy = 0; sy < 2; ++sy)
      for (int sz = 0; sz < 2; ++sz) {
        std::vector<int> f{sx, 2 + sy, 4 + sz};
        // (x, y, z) is counter-clockwise from outside when the octant has an even number of
        // negative axes.
        if ((sx + sy + sz) % 2 == 1) std::swap(f[1], f[2]);
        b.faces.push_back(f);
      }
  for (int level = 0; level < subdivisions; ++level) {
    std::map<std::pair<int, int>, int> midpoint;
    auto mid = [&](int u, int v) {
      const auto key = std::minmax(u, v);
      if (auto it = midpoint.find(key); it != midpoint.end()) return it->second;
      const Vec3 m = (b.vertices[u] + b.vertices[v]) / 2;
      b.vertices.push_back(m / std::sqrt(m.dot(m)));
      return midpoint[key] = static_cast<int>(b.vertices.size() - 1);
    };
    std::vector<std::vector<int>> next;
    for (const auto& f : b.faces) {
      const int ab = mid(f[0], f[1]), bc = mid(f[1], f[2]), ca = mid(f[2], f[0]);
      next.push_back({f[0], ab, ca});
      next.push_back({f[1], bc, ab});
      next.push_back({f[2], ca, bc});
      next.push_back({ab, bc, ca});
    }
    b.faces = std::move(next);
  }
  return b;
}

std::pair<int, int> uv_sphere_grid(int faces) {
  int bands = static_cast<int>(std::lround(std::sqrt(std::max(faces, 6) / 2.0)));
  if (bands % 2 == 0) ++bands;
  bands = std::max(bands, 3);
  const int longitudes = std::max(3, static_cast<int>(std::lround(double(faces) / bands)));
  return {longitudes, bands};
}

Brep rack(int teeth) {
  if (teeth < 1) throw std::invalid_argument("rack: at least one tooth");
  const int k = teeth;
  const double x_off = -8.0 * (k / 2) - 4.0;
  const double bottom = -8, base = -4, tip = 0;
  // The outline, counter-clockwise in (x, y): the bottom points of every pitch boundary (left to
  // right), then the top walk from right to left: per tooth its right pitch boundary and four
  // tooth points, and finally the left end.
  std::vector<std::array<double, 2>> outline;
  for (int i = 0; i <= k; ++i) outline.push_back({x_off + 8.0 * i, bottom});
  for (int t = k - 1; t >= 0; --t) {
    const double x = x_off + 8.0 * t;
    outline.push_back({x + 8, base});
    outline.push_back({x + 7, base});
    outline.push_back({x + 5, tip});
    outline.push_back({x + 3, tip});
    outline.push_back({x + 1, base});
  }
  outline.push_back({x_off, base});
  const int n = static_cast<int>(outline.size());  // 6k + 2
  Brep b;
  for (double z : {-4.0, 4.0})
    for (const auto& [x, y] : outline) b.vertices.push_back({x, y, z});
  for (int i = 0; i < n; ++i) {
    const int j = (i + 1) % n;
    b.faces.push_back({i, j, j + n, i + n});
  }
  // Pitch t's cap cell: bottom t, t + 1, then the top walk of tooth t, then its left boundary.
  auto boundary = [&](int t) { return t == 0 ? 6 * k + 1 : k + 1 + 5 * (k - t); };
  for (int t = 0; t < k; ++t) {
    const int top = k + 1 + 5 * (k - 1 - t);  // tooth t's right pitch boundary
    std::vector<int> cell{t, t + 1, top, top + 1, top + 2, top + 3, top + 4, boundary(t)};
    std::vector<int> up;
    for (int v : cell) up.push_back(v + n);
    b.faces.push_back(up);
    std::reverse(cell.begin(), cell.end());
    b.faces.push_back(cell);
  }
  return b;
}

int rack_teeth(int faces) { return std::max(1, static_cast<int>(std::lround((faces - 2) / 8.0))); }

Brep mirrored(Brep b, int axis) {
  for (Vec3& v : b.vertices) v[axis] = -v[axis];
  for (auto& f : b.faces) std::reverse(f.begin(), f.end());
  return b;
}

std::vector<NamedPoints> paper_convex_solids() {
  return {{"tetrahedron", {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}}},
          {"cube", cube_vertices()},
          {"icosahedron", icosahedron_vertices()},
          {"icosphere-642", icosphere_vertices(3)}};
}

std::string_view to_string(PairKind k) { return k == PairKind::convex ? "convex" : "nonconvex"; }

RegionCase scaling_case(PairKind kind, int faces) {
  ContactPair p;
  if (kind == PairKind::convex) {
    const auto [longitudes, bands] = uv_sphere_grid(faces);
    p = convex_contact(longitudes, bands);
  } else {
    p = nonconvex_contact(rack_teeth(faces));
  }
  RegionCase c = pair_case("scaling/" + std::string(to_string(kind)) + "/f" + std::to_string(faces),
                           "scaling", p.a, p.b);
  Vec3 slide = Vec3::Zero();
  slide[p.slide_axis] = p.slide;
  c.steps.push_back(
      {Pose::identity(), Pose::identity(), BodyVelocity{slide, Vec3::Zero()}, BodyVelocity{}});
  c.expected_relation = Relation::touching;
  c.tags = {"exact-contact", std::string("pair:") + std::string(to_string(kind))};
  c.origin = {{"family", "scaling"},
              {"kind", to_string(kind)},
              {"faces_requested", faces},
              {"faces", p.a.faces.size()}};
  return c;
}

std::string_view to_string(Motion m) { return m == Motion::slide ? "slide" : "approach"; }

RegionCase coherent_motion_case(PairKind kind, Motion motion, int faces, double omega_degrees,
                                int steps, double gap) {
  const auto [longitudes, bands] = uv_sphere_grid(faces);
  const ContactPair p = kind == PairKind::convex ? convex_contact(longitudes, bands)
                                                 : nonconvex_contact(rack_teeth(faces));
  RegionCase c = pair_case("", "coherent-motion", p.a, p.b);
  Vec3 normal = Vec3::Zero(), slide = Vec3::Zero();
  normal[p.normal_axis] = 1;
  slide[p.slide_axis] = p.slide;
  const double approach = p.size / 32;  // a power of two
  const Vec3 linear = motion == Motion::slide ? slide : Vec3(-approach * normal);
  const double omega = omega_degrees * kPi / 180;
  for (int k = 0; k < steps; ++k) {
    // A spin about one coordinate axis: that row of the matrix is exactly a unit row, so the
    // contact coordinate stays exactly the translation's (0 + gap at the contact step).
    const Vec3 t = motion == Motion::slide
                       ? Vec3(normal * gap + slide * static_cast<double>(k))
                       : Vec3(normal * (gap + approach * static_cast<double>(steps - 1 - k)));
    c.steps.push_back({Pose::from_quaternion(axis_angle_quaternion(normal, k * omega), t),
                       Pose::identity(), BodyVelocity{linear, normal * omega}, BodyVelocity{}});
  }
  c.origin = {{"kind", to_string(kind)}, {"motion", to_string(motion)},
              {"faces", faces},          {"omega_degrees", omega_degrees},
              {"steps", steps},          {"gap_exact", gap},
              {"size", p.size}};
  return c;
}

}  // namespace touchstone::cases
