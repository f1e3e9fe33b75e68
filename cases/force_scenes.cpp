// The contact-force scenes with their hand-derived answers (DESIGN §6.3). Units: SI, g = 9.81
// unless a scene says otherwise. Contacts point their normal from B (lower, supporting) to A.
#include "cases/force_scenes.hpp"

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <sstream>
#include <stdexcept>

#include "cases/family_support.hpp"
#include "cases/sparsify_scene.hpp"

namespace touchstone {
namespace {

using dynamics::Contact;
using dynamics::MultibodySystem;
using dynamics::RigidBody;
using dynamics::Vec3;
using Eigen::VectorXd;

constexpr double g = 9.81;
constexpr double kStep = 0.01;  // for position-level methods

VectorXd values(std::initializer_list<double> v) {
  VectorXd x(v.size());
  int i = 0;
  for (double d : v) x[i++] = d;
  return x;
}

RigidBody fixed(const std::string& name) {
  RigidBody b;
  b.name = name;
  b.fixed = true;
  return b;
}

RigidBody box(const std::string& name, double mass, const Vec3& half, const Vec3& position) {
  RigidBody b;
  b.name = name;
  b.mass = mass;
  b.inertia = Vec3(mass / 3 * (half.y() * half.y() + half.z() * half.z()),
                   mass / 3 * (half.x() * half.x() + half.z() * half.z()),
                   mass / 3 * (half.x() * half.x() + half.y() * half.y()))
                  .asDiagonal();
  b.position = position;
  return b;
}

RigidBody sphere(const std::string& name, double mass, double radius, const Vec3& position) {
  RigidBody b;
  b.name = name;
  b.mass = mass;
  b.inertia = Eigen::Matrix3d::Identity() * (0.4 * mass * radius * radius);
  b.position = position;
  return b;
}

Contact contact(int a, int b, const Vec3& point, const Vec3& normal) {
  return {a, b, point, normal, 0.0, std::nullopt};
}

ForceCase multibody(const std::string& id, const std::string& family, MultibodySystem s,
                    const std::string& description) {
  ForceCase c;
  c.id = id;
  c.kind = "contact-forces";
  c.family = family;
  c.description = description;
  if (s.time_step == 0) s.time_step = kStep;
  c.problem = dynamics::assemble(s);
  c.system = std::move(s);
  c.origin = {{"scene", id}};
  return c;
}

ForceCase matrix(const std::string& id, const std::string& family, const Eigen::MatrixXd& A,
                 const VectorXd& b, const std::string& description) {
  ForceCase c;
  c.id = id;
  c.kind = "lcp";
  c.family = family;
  c.description = description;
  c.problem.A = A;
  c.problem.b = b;
  c.origin = {{"scene", id}};
  return c;
}

// A point mass m = 2 on a frictionless plane tilted by θ = 30° (Baraff 1989 figure 7): A = 1/m,
// b = −g cos θ, so f = m g cos θ and a = 0.
ForceCase inclined_plane(bool with_friction) {
  const double theta = M_PI / 6, m = 2.0;
  MultibodySystem s;
  s.bodies = {sphere("mass", m, 0.1, {0, 0, 0}), fixed("plane")};
  Contact k = contact(0, 1, {0, 0, 0}, {std::sin(theta), 0, std::cos(theta)});
  if (with_friction) k.friction = 0.8;  // > tan 30°: it sticks
  s.contacts = {k};
  ForceCase c = multibody(
      with_friction ? "inclined-plane-friction" : "inclined-plane", "inclined-plane", s,
      "point mass 2 kg on a plane tilted 30° (Baraff 1989 fig. 7): f = m g cos θ" +
          std::string(with_friction ? "; μ = 0.8 > tan 30° so it sticks (friction m g sin θ)"
                                    : ""));
  c.expected.feasible = true;
  c.expected.normal_force = values({m * g * std::cos(theta)});
  c.expected.acceleration = values({0.0});
  return c;
}

// A box on a floor with four coplanar corner contacts, taken in cyclic order: the solutions are
// mg/4 (1,1,1,1) + t (1,−1,1,−1) for |t| <= mg/4, the minimum norm is mg/4 each, a = 0.
ForceCase block_on_floor() {
  const double m = 4.0;
  const Vec3 half(1.0, 0.5, 0.25);
  MultibodySystem s;
  s.bodies = {box("block", m, half, {0, 0, half.z()}), fixed("floor")};
  const double x = half.x(), y = half.y();
  for (const auto& [px, py] : {std::pair{x, y}, {-x, y}, {-x, -y}, {x, -y}})
    s.contacts.push_back(contact(0, 1, {px, py, 0}, {0, 0, 1}));
  ForceCase c = multibody("block-on-floor", "block-on-floor", s,
                          "box 4 kg on a floor, four corner contacts: forces mg/4 (1,1,1,1) + "
                          "t (1,-1,1,-1), minimum norm mg/4 each, zero acceleration");
  c.expected.feasible = true;
  c.expected.acceleration = VectorXd::Zero(4);
  c.expected.min_norm_force = VectorXd::Constant(4, m * g / 4);
  return c;
}

// A table (one rigid body) on legs at (±1, ±1) with its centre of mass at (x0, y0) = (1/4, 1/2):
// equilibrium Σf = mg, Σ f p = mg c; the minimum-norm member of that family is
// f_i = mg/4 (1 + x_i x0 + y_i y0), all positive here; a = 0.
ForceCase table_off_centre() {
  const double m = 8.0, x0 = 0.25, y0 = 0.5;
  MultibodySystem s;
  RigidBody table = box("table", m, {1.0, 1.0, 0.5}, {x0, y0, 0.5});
  // Dyadic inertia (close to the box's 10/3, 10/3, 16/3) so A = J M⁻¹ Jᵀ is exact in doubles and
  // exactly PSD: the exact reference then certifies unique accelerations.
  table.inertia = Vec3(4, 4, 8).asDiagonal();
  s.bodies = {table, fixed("floor")};
  VectorXd f(4);
  int i = 0;
  for (const auto& [px, py] : {std::pair{1.0, 1.0}, {-1.0, 1.0}, {-1.0, -1.0}, {1.0, -1.0}}) {
    s.contacts.push_back(contact(0, 1, {px, py, 0}, {0, 0, 1}));
    f[i++] = m * g / 4 * (1 + px * x0 + py * y0);
  }
  ForceCase c = multibody("table-off-centre", "table", s,
                          "table on four legs with its mass off centre at (1/4, 1/2): minimum-norm "
                          "leg forces mg/4 (1 + x x0 + y y0) = mg/4 (1.75, 1.25, 0.25, 0.75)");
  c.expected.feasible = true;
  c.expected.acceleration = VectorXd::Zero(4);
  c.expected.min_norm_force = f;
  return c;
}

// A ball of mass M resting on a ball of mass 1 on a floor, centres on a vertical line (Baraff
// 1989: 9 to 1): f_floor = (M + 1) g, f_between = M g, unique; a = 0.
ForceCase ball_stack(double ratio, const std::string& label) {
  MultibodySystem s;
  s.bodies = {sphere("lower", 1.0, 0.5, {0, 0, 0.5}), sphere("upper", ratio, 0.5, {0, 0, 1.5}),
              fixed("floor")};
  s.contacts = {contact(0, 2, {0, 0, 0}, {0, 0, 1}), contact(1, 0, {0, 0, 1}, {0, 0, 1})};
  ForceCase c =
      multibody("ball-stack-" + label, "ball-stack", s,
                "ball of mass " + label + " on a ball of mass 1 on a floor: f = ((M+1) g, M g)");
  c.expected.feasible = true;
  c.expected.normal_force = values({(ratio + 1) * g, ratio * g});
  c.expected.acceleration = values({0.0, 0.0});
  return c;
}

// Three equal billiard balls (m = 1) in a row, touching; ball 1 hits the resting pair at v = 1
// (Baraff 1989 §8, simultaneous collisions). Posed as an impulse LCP: impulses j >= 0,
// post-collision relative normal velocities u⁺ = A j + u⁻ with A = J M⁻¹ Jᵀ, and the restitution
// law u⁺ >= −e u⁻ (on colliding contacts) written as a = A j + b >= 0 with b = (1 + e) u⁻.
// Here u⁻ = (−1, 0) and A = [[2, −1], [−1, 2]]:
//   e = 1: j = (4/3, 2/3), velocities (−1/3, 2/3, 2/3);  e = 0: j = (2/3, 1/3), all 1/3.
ForceCase billiards(double e) {
  MultibodySystem s;
  s.gravity = Vec3::Zero();
  s.bodies = {sphere("ball1", 1.0, 0.5, {0, 0, 0}), sphere("ball2", 1.0, 0.5, {1, 0, 0}),
              sphere("ball3", 1.0, 0.5, {2, 0, 0})};
  s.bodies[0].velocity = {1, 0, 0};
  s.contacts = {contact(1, 0, {0.5, 0, 0}, {1, 0, 0}), contact(2, 1, {1.5, 0, 0}, {1, 0, 0})};
  const auto p = dynamics::assemble(s);
  VectorXd b = *p.normal_velocity;
  for (int i = 0; i < b.size(); ++i)
    if (b[i] < 0) b[i] *= (1 + e);
  const std::string label = e == 1 ? "e1" : "e0";
  ForceCase c =
      matrix("billiards-" + label, "billiards", p.A, b,
             "three billiard balls, simultaneous impulses (Baraff 1989 §8), restitution " +
                 std::string(e == 1 ? "1" : "0") +
                 ": impulse LCP a = A j + (1+e) u⁻, j = " + (e == 1 ? "(4/3, 2/3)" : "(2/3, 1/3)"));
  c.expected.feasible = true;
  c.expected.normal_force = e == 1 ? values({4.0 / 3, 2.0 / 3}) : values({2.0 / 3, 1.0 / 3});
  c.expected.acceleration = values({0.0, 0.0});
  c.tags = {"impulse"};
  return c;
}

// Three bricks (2 × 1 × 0.5, 1 kg) each shifted 0.75 right of the one below: the top two have
// their joint centre of mass at x = 1.125, beyond the bottom brick's right end (x = 1), so they
// tip (not static). Contacts at the corners of each overlap rectangle. Hand answer: feasible
// (pushing each brick up harder than the one below makes every a >= 0); the exact reference
// gives the accelerations.
ForceCase brick_stack() {
  const Vec3 half(1.0, 0.5, 0.25);
  const double shift = 0.75;
  MultibodySystem s;
  s.bodies.push_back(fixed("floor"));
  for (int k = 0; k < 3; ++k) {
    s.bodies.push_back(
        box("brick" + std::to_string(k), 1.0, half, {k * shift, 0, half.z() * (2 * k + 1)}));
    // Dyadic inertia (the box's is 0.104, 0.354, 0.417) so A is exact in doubles, hence exactly
    // PSD, and the exact reference certifies unique accelerations.
    s.bodies.back().inertia = Vec3(0.125, 0.5, 0.5).asDiagonal();
  }
  for (int k = 0; k < 3; ++k) {
    const double lo = k == 0 ? -half.x() : k * shift - half.x();
    const double hi = k == 0 ? half.x() : (k - 1) * shift + half.x();
    const double z = 2 * half.z() * k;
    for (const auto& [px, py] :
         {std::pair{hi, half.y()}, {lo, half.y()}, {lo, -half.y()}, {hi, -half.y()}})
      s.contacts.push_back(contact(k + 1, k, {px, py, z}, {0, 0, 1}));
  }
  ForceCase c = multibody("brick-stack-overbalanced", "brick-stack", s,
                          "three bricks each shifted 0.75: the top two overhang the bottom one "
                          "(joint centre of mass 1.125 > 1) and tip");
  c.expected.feasible = true;
  return c;
}

// A point mass (m = 1) on a floor with the same contact listed three times: A = ones(3,3),
// b = −g: solutions Σ f = m g, minimum norm g/3 each, a = 0.
ForceCase redundant_contacts() {
  MultibodySystem s;
  s.bodies = {sphere("mass", 1.0, 0.1, {0, 0, 0.1}), fixed("floor")};
  for (int i = 0; i < 3; ++i) s.contacts.push_back(contact(0, 1, {0, 0, 0}, {0, 0, 1}));
  ForceCase c = multibody("redundant-contacts", "degenerate", s,
                          "one contact listed three times: A singular, minimum norm m g / 3 each");
  c.expected.feasible = true;
  c.expected.acceleration = VectorXd::Zero(3);
  c.expected.min_norm_force = VectorXd::Constant(3, g / 3);
  return c;
}

// Baraff 1989 figure 9: a rod (m = 1, I = identity, g = 10) on two contacts at x = ∓1, lifted by
// an upward force 8 at its right end (force (0,0,8), torque (0,−8,0)). A point at x accelerates
// by a_z − α x with a_z = f_L + f_R − 2 and α = f_L − f_R − 8, so a_L = 2 f_L − 10 and
// a_R = 2 f_R + 6: f = (5, 0), a = (0, 6) — the right contact vanishes.
ForceCase vanishing_contact() {
  MultibodySystem s;
  s.gravity = {0, 0, -10};
  RigidBody rod = box("rod", 1.0, {1, 0.1, 0.1}, {0, 0, 0});
  rod.inertia = Eigen::Matrix3d::Identity();
  rod.force = {0, 0, 8};
  rod.torque = {0, -8, 0};
  s.bodies = {rod, fixed("floor")};
  s.contacts = {contact(0, 1, {-1, 0, 0}, {0, 0, 1}), contact(0, 1, {1, 0, 0}, {0, 0, 1})};
  ForceCase c = multibody("vanishing-contact", "degenerate", s,
                          "Baraff 1989 fig. 9: a rod lifted at one end; that contact vanishes, "
                          "f = (5, 0), a = (0, 6)");
  c.expected.feasible = true;
  c.expected.normal_force = values({5, 0});
  c.expected.acceleration = values({0, 6});
  return c;
}

// W's singular values (W = A is symmetric PSD: its eigenvalues), the numerical rank (σ above
// n · 2⁻⁵² · σ₁, Eigen's default threshold) and the two conditions σ₁/σ_rank and σ₁/σ_n.
std::string spectrum_note(const Eigen::MatrixXd& W) {
  Eigen::VectorXd s = Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd>(W, Eigen::EigenvaluesOnly)
                          .eigenvalues()
                          .cwiseAbs();
  std::sort(s.begin(), s.end(), std::greater<>());
  const double cut = static_cast<double>(s.size()) * std::ldexp(1.0, -52) * s[0];
  const auto rank = std::count_if(s.begin(), s.end(), [&](double x) { return x > cut; });
  std::ostringstream o;
  o << std::setprecision(3) << "W " << s.size() << "x" << s.size() << ": rank " << rank
    << ", sigma_1/sigma_rank " << s[0] / s[rank - 1] << ", sigma_1/sigma_n " << s[0] / s.tail(1)[0];
  return o.str();
}

// Seed 001 "Contact sparsification": the upper block of a sparsification scene
// (cases/sparsify_scene.hpp) free on the fixed lower block (density 1), one contact per
// solfec-cvi patch: all of them ("full") or those sparsify() keeps ("kept").
ForceCase sparsify_forces(const std::string& scene_name, bool kept_only) {
  const SparsifyScene& scene = sparsify_scene(scene_name);
  const SceneContacts sc = scene_contacts(scene);
  MultibodySystem s;
  s.bodies.push_back(fixed("lower-block"));
  const Vec3 half = (scene.upper_hi - scene.upper_lo) / 2;
  s.bodies.push_back(box("upper-block", 8 * half.prod(), half, scene.upper_lo + half));
  for (std::size_t i = 0; i < sc.raw.size(); ++i)
    if (!kept_only || sc.kept[i]) {
      s.contacts.push_back(contact(1, 0, sc.raw[i].point, sc.raw[i].normal.normalized()));
      s.contacts.back().gap = sc.raw[i].gap;
    }
  const std::string id = scene_name + (kept_only ? "/kept" : "/full");
  ForceCase c = multibody(id, id, s, "");
  c.description = "seed 001 Fig. 8: " + scene.description + "; " +
                  std::to_string(s.contacts.size()) + " of " + std::to_string(sc.raw.size()) +
                  " solfec-cvi contacts (" + (kept_only ? "sparsified" : "all") + "); " +
                  spectrum_note(c.problem.A);
  c.expected.feasible = true;
  c.tags = {"sparsify"};
  return c;
}

}  // namespace

const std::vector<int>& force_scaling_sizes() {
  static const std::vector<int> sizes{10, 30, 100, 300, 1000, 2000};
  return sizes;
}

ForceCase generated_force_scene(const std::string& kind, int contacts) {
  if (contacts < 4) throw std::invalid_argument("generated scene needs at least 4 contacts");
  MultibodySystem s;
  s.bodies.push_back(fixed("floor"));
  ForceCase c;
  if (kind == "stack") {
    const Vec3 half(0.5, 0.5, 0.25);
    const int levels = contacts / 4, extra = contacts - 4 * levels;
    for (int k = 0; k < levels; ++k)
      s.bodies.push_back(box("box" + std::to_string(k), 1.0, half, {0, 0, half.z() * (2 * k + 1)}));
    for (int k = 0; k < levels; ++k)
      for (const auto& [px, py] : {std::pair{0.5, 0.5}, {-0.5, 0.5}, {-0.5, -0.5}, {0.5, -0.5}})
        s.contacts.push_back(contact(k + 1, k, {px, py, 2 * half.z() * k}, {0, 0, 1}));
    for (int e = 0; e < extra; ++e)  // edge midpoints of the bottom interface
      s.contacts.push_back(
          contact(1, 0, {e % 2 ? 0.0 : (e < 2 ? 0.5 : -0.5), e % 2 ? 0.5 : 0.0, 0}, {0, 0, 1}));
    c = multibody("stack/n" + std::to_string(contacts), "stack", s,
                  std::to_string(levels) + " boxes stacked, 4 corner contacts per interface (+" +
                      std::to_string(extra) + " on the floor): static, a = 0");
    c.expected.acceleration = VectorXd::Zero(contacts);
  } else if (kind == "pile") {
    // Rows of unit-diameter spheres: row r holds K − r spheres; count(K) = K floor + 2 walls +
    // Σ(K−r−1) row neighbours + 2 Σ_{r>=1}(K−r) diagonal supports.
    auto count = [](int K) { return K + 2 + K * (K - 1) / 2 + K * (K - 1); };
    int K = 2;
    while (std::abs(count(K + 1) - contacts) < std::abs(count(K) - contacts)) ++K;
    const double r = 0.5, dz = std::sqrt(3.0) / 2;
    std::vector<std::vector<int>> index(K);
    for (int row = 0; row < K; ++row)
      for (int i = 0; i < K - row; ++i) {
        index[row].push_back(static_cast<int>(s.bodies.size()));
        s.bodies.push_back(sphere("s" + std::to_string(row) + "_" + std::to_string(i), 1.0, r,
                                  {i + 0.5 * row, 0, r + row * dz}));
      }
    s.bodies.push_back(fixed("left-wall"));
    s.bodies.push_back(fixed("right-wall"));
    const int left = static_cast<int>(s.bodies.size()) - 2, right = left + 1;
    for (int i = 0; i < K; ++i)
      s.contacts.push_back(contact(index[0][i], 0, {static_cast<double>(i), 0, 0}, {0, 0, 1}));
    s.contacts.push_back(contact(index[0][0], left, {-r, 0, r}, {1, 0, 0}));
    s.contacts.push_back(contact(index[0][K - 1], right, {K - 1 + r, 0, r}, {-1, 0, 0}));
    for (int row = 0; row < K; ++row)
      for (int i = 0; i + 1 < K - row; ++i) {
        const Vec3 p = s.bodies[index[row][i]].position + Vec3(r, 0, 0);
        s.contacts.push_back(contact(index[row][i + 1], index[row][i], p, {1, 0, 0}));
      }
    for (int row = 1; row < K; ++row)
      for (int i = 0; i < K - row; ++i)
        for (int below : {index[row - 1][i], index[row - 1][i + 1]}) {
          const Vec3 d = (s.bodies[index[row][i]].position - s.bodies[below].position).normalized();
          s.contacts.push_back(contact(index[row][i], below, s.bodies[below].position + r * d, d));
        }
    const int n = static_cast<int>(s.contacts.size());
    c = multibody("pile/n" + std::to_string(n), "pile", s,
                  "triangular pile of " + std::to_string(K) +
                      " rows of unit spheres between two "
                      "walls, frictionless (" +
                      std::to_string(n) + " contacts)");
  } else {
    throw std::invalid_argument("unknown generated scene '" + kind + "' (stack, pile)");
  }
  c.expected.feasible = true;
  c.tags = {"scaling"};
  return c;
}

std::vector<ForceCase> force_scenes() {
  std::vector<ForceCase> out;
  out.push_back(inclined_plane(false));
  out.push_back(inclined_plane(true));
  out.push_back(block_on_floor());
  out.push_back(table_off_centre());
  out.push_back(ball_stack(9, "9"));
  out.push_back(ball_stack(1000, "1000"));
  out.push_back(ball_stack(1e6, "1e6"));
  out.push_back(billiards(1.0));
  out.push_back(billiards(0.0));
  out.push_back(brick_stack());
  out.push_back(redundant_contacts());
  out.push_back(vanishing_contact());
  {
    // f1 − f2 >= 1 and f2 − f1 >= 1: no solution (PSD A, so the exact QP proves it).
    ForceCase c =
        matrix("infeasible", "degenerate", Eigen::Matrix2d{{1, -1}, {-1, 1}}, values({-1, -1}),
               "over-constrained: two contacts that each need the other to pull");
    c.expected.feasible = false;
    out.push_back(c);
  }
  {
    // A = [[1, 1], [1, 1 + 2⁻⁴⁰]] (det 2⁻⁴⁰), b = (−1, −1): f = (1, 0), a = 0, unique.
    const double eps = std::ldexp(1.0, -40);
    ForceCase c = matrix("near-singular", "degenerate", Eigen::Matrix2d{{1, 1}, {1, 1 + eps}},
                         values({-1, -1}), "near-singular A (det 2^-40): f = (1, 0), a = 0");
    c.expected.feasible = true;
    c.expected.normal_force = values({1, 0});
    c.expected.acceleration = values({0, 0});
    out.push_back(c);
  }
  {
    ForceCase c = matrix("trivial", "degenerate", Eigen::Matrix2d{{2, 1}, {1, 2}}, values({1, 0.5}),
                         "b >= 0: the trivial solution f = 0, a = b");
    c.expected.feasible = true;
    c.expected.normal_force = values({0, 0});
    c.expected.acceleration = values({1, 0.5});
    out.push_back(c);
  }
  return out;
}

std::vector<ForceCase> match_force_scenes(const std::string& pattern) {
  const auto matches = [&](const std::string& name) { return cases::glob_match(pattern, name); };
  std::vector<ForceCase> out;
  for (auto& c : force_scenes())
    if (pattern == "scenes" || matches(c.id)) out.push_back(std::move(c));
  for (const std::string& scene : sparsify_scene_names())  // seed 001, Fig. 8
    for (const bool kept : {false, true})
      if (matches(scene + (kept ? "/kept" : "/full"))) out.push_back(sparsify_forces(scene, kept));
  for (const char* kind : {"stack", "pile"})
    for (int n : force_scaling_sizes()) {
      const std::string name = std::string(kind) + "/n" + std::to_string(n);
      if (matches(name)) {
        ForceCase c = generated_force_scene(kind, n);
        c.id = name;  // the requested size names it; the description gives the real count
        out.push_back(std::move(c));
      }
    }
  return out;
}

}  // namespace touchstone
