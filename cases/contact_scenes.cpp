#include "cases/contact_scenes.hpp"

#include <fnmatch.h>

#include <cmath>

#include "cases/axis_placement.hpp"

namespace touchstone {
namespace {

ShapeSpec box(const std::string& name, const Vec3& lo, const Vec3& hi) {
  ShapeSpec s;
  s.name = name;
  for (int i = 0; i < 8; ++i)
    s.vertices.push_back(
        {(i & 1) ? hi.x() : lo.x(), (i & 2) ? hi.y() : lo.y(), (i & 4) ? hi.z() : lo.z()});
  return s;
}

// Rotation by `angle` about the unit axis through A's body origin, A's origin at `at` (+ the gap).
Pose pose_at(const Vec3& axis, double angle, const Vec3& at) {
  const double h = 0.5 * angle;
  const Vec3 u = axis.normalized() * std::sin(h);
  return Pose::from_quaternion({std::cos(h), u.x(), u.y(), u.z()},
                               at + Vec3(0, 0, kContactSceneGap));
}

MotionCase scene_case(const std::string& name, ShapeSpec a, ShapeSpec b) {
  MotionCase m;
  m.id = "contact-sets/" + name;
  m.family = name;
  m.tags = {"contact-set"};
  m.a = std::move(a);
  m.b = std::move(b);
  m.origin = {{"scene", name}, {"gap", kContactSceneGap}};
  m.contact_offset = Vec3(0, 0, -kContactSceneGap);
  return m;
}

// Figure 5: A (body box [0,1]×[0,0.8]×[0,0.6], vertex V at its origin) over B's top face z = 0,
// which ends at the edge x = 1. At rest A's origin is at (0.3, −0.4): the overlap is
// [0.3, 1] × [−0.4, 0.4], corners V and V2 (A's vertices on B's face) and the two crossings of
// A's long edges with B's edge.
MotionCase fig5_settle() {
  MotionCase m = scene_case("fig5-settle", box("A", {0, 0, 0}, {1, 0.8, 0.6}),
                            box("B", {-2, -2, -1}, {1, 2, 0}));
  const Vec3 at(0.3, -0.4, 0);
  const Pose b = Pose::identity();
  const Vec3 tip(1, -1, 0);          // tilts A about V: every other point of A goes up
  const Vec3 diagonal(0.7, 0.8, 0);  // V to the crossing at (1, 0.4)
  auto frame = [&](const Vec3& axis, double angle) {
    m.frames.push_back({pose_at(axis, angle, at), b});
  };
  for (double angle : {0.3, 0.2, 0.12, 0.06, 0.03}) frame(tip, angle);  // V–F only
  frame(tip, -0.02);       // overshoot: the crossing at (1, 0.4) goes under B's face
  frame(tip, 0);           // at rest
  frame(diagonal, -0.02);  // rocks onto V2's side: overshoot
  frame(tip, 0);
  // Rocks back onto the crossing at (1, −0.4): an overshoot small enough that V2 rises less than
  // ε − gap (0.53 × 0.001 ≈ 5.3e-4), so its contact stays (the hysteresis of seed 003 §3.2).
  frame(diagonal, 0.001);
  frame(tip, 0);
  frame(tip, 0);
  return m;
}

// A cube of side 0.5 centred on the vertical axis, resting on a large table, turning 10° a frame.
MotionCase spin_on_face() {
  MotionCase m = scene_case("spin-on-face", box("A", {-0.25, -0.25, 0}, {0.25, 0.25, 0.5}),
                            box("B", {-2, -2, -1}, {2, 2, 0}));
  for (int k = 0; k <= 12; ++k)
    m.frames.push_back({pose_at({0, 0, 1}, k * M_PI / 18, {0, 0, 0}), Pose::identity()});
  return m;
}

// The same cube sliding along +x across the table's edge at x = 1, 0.1 a frame.
MotionCase slide_off_edge() {
  MotionCase m = scene_case("slide-off-edge", box("A", {-0.25, -0.25, 0}, {0.25, 0.25, 0.5}),
                            box("B", {-2, -2, -1}, {1, 2, 0}));
  for (int k = 0; k <= 8; ++k)
    m.frames.push_back({pose_at({0, 0, 1}, 0, {(4 + k) / 10.0, 0, 0}), Pose::identity()});
  return m;
}

// A box resting on B's sloped top face z = x/2 (normal (−1, 0, 2)/√5), sliding down-slope
// 1/16 × (2, 0, 1) a frame. A's vertices are written in world coordinates (dyadic: its edges
// (0.5, 0, 0.25), (0, 0.5, 0) and (−0.25, 0, 0.5) are orthogonal), so the face lies on the slope
// exactly; the gap is 2^-12 × (−1, 0, 2) along the slope's normal.
MotionCase slide_down_slope() {
  ShapeSpec a;
  a.name = "A";
  const Vec3 corner(0.5, -0.25, 0.25), along(0.5, 0, 0.25), across(0, 0.5, 0), up(-0.25, 0, 0.5);
  for (int i = 0; i < 8; ++i)
    a.vertices.push_back(corner + (i & 1 ? along : Vec3::Zero()) + (i & 2 ? across : Vec3::Zero()) +
                         (i & 4 ? up : Vec3::Zero()));
  ShapeSpec b;
  b.name = "B";
  for (int i = 0; i < 8; ++i) {
    const double x = i & 1 ? 2 : -2, y = i & 2 ? 2 : -2;
    b.vertices.push_back({x, y, i & 4 ? x / 2 : -2});
  }
  MotionCase m = scene_case("slide-down-slope", std::move(a), std::move(b));
  const Vec3 normal_gap = kContactSceneGap * Vec3(-1, 0, 2);
  m.contact_offset = -normal_gap;
  for (int k = 0; k <= 8; ++k)
    m.frames.push_back({Pose::from_quaternion({1, 0, 0, 0}, -k / 16.0 * Vec3(2, 0, 1) + normal_gap),
                        Pose::identity()});
  return m;
}

// A tetrahedron standing on one face slides across B's top face into the corner where B's edges
// x = 1 and y = 1 meet, and stops over it. Two convex solids cannot make a concave corner, so the
// corner is B's convex one: the contact triangle is clipped by B's edges (V-F corners leave, E-E
// corners appear) until B's corner vertex lies inside A's face (a face–vertex corner). Translation
// only, dyadic steps chosen so that no vertex lands on B's edges and B's corner on none of A's.
MotionCase tetra_into_corner() {
  ShapeSpec a;
  a.name = "A";
  a.vertices = {{0, 0, 0}, {0.5, 0.125, 0}, {0.125, 0.5, 0}, {0.1875, 0.1875, 0.5}};
  MotionCase m = scene_case("tetra-into-corner", std::move(a), box("B", {-2, -2, -1}, {1, 1, 0}));
  const Vec3 start(21.0 / 64, 45.0 / 128, 0), step(3.0 / 64, 5.0 / 128, 0);
  for (double k : {0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 9.25, 9.5, 9.5})
    m.frames.push_back({pose_at({0, 0, 1}, 0, start + k * step), Pose::identity()});
  return m;
}

// A three-box stack rocking: the middle box M (1 × 1 × 0.5) rocks on the bottom box C about its
// bottom edge x = 0.5, and the top box T (0.875 × 0.5 × 0.5, overhanging M's top edge x = 0.5 by
// 0.375) rocks on M about that edge. Each contact pair is its own case, in the frame of its lower
// box (a contact set depends on the relative pose only; one constant contact offset per case needs
// the lower box at rest). Each body's origin is on its pivot line, so every touching
// configuration is exact under the rotations. Negative angles are the landings' overshoots.
MotionCase stack_rock_lower() {
  MotionCase m = scene_case("stack-rock-lower", box("M", {-1, -0.5, 0}, {0, 0.5, 0.5}),
                            box("C", {-0.75, -0.75, -0.75}, {0.75, 0.75, 0}));
  for (double angle : {0.0, 0.04, 0.08, 0.04, -0.004, 0.0, 0.03, 0.0, 0.0})
    m.frames.push_back({pose_at({0, 1, 0}, angle, {0.5, 0, 0}), Pose::identity()});
  return m;
}

MotionCase stack_rock_upper() {
  MotionCase m = scene_case("stack-rock-upper", box("T", {-0.5, -0.25, 0}, {0.375, 0.25, 0.5}),
                            box("M", {-0.5, -0.5, 0}, {0.5, 0.5, 0.5}));
  for (double angle : {0.0, 0.04, 0.08, 0.04, 0.0, -0.003, 0.0, 0.03, 0.0, 0.0})
    m.frames.push_back({pose_at({0, 1, 0}, angle, {0.5, 0, 0.5}), Pose::identity()});
  return m;
}

}  // namespace

const std::vector<ContactScene>& contact_scenes() {
  static const std::vector<ContactScene> scenes = {
      {"fig5-settle", "seed 003 Figure 5: one V-F contact, then two V-F and two E-E", fig5_settle},
      {"spin-on-face", "a box turning on a face about the vertical axis", spin_on_face},
      {"slide-off-edge", "a box sliding across a face's boundary edge", slide_off_edge},
      {"slide-down-slope", "a box sliding down a sloped face (normal off the axes)",
       slide_down_slope},
      {"tetra-into-corner", "a tetrahedron sliding across a face into the corner of two edges",
       tetra_into_corner},
      {"stack-rock-lower", "a three-box stack rocking: the middle box on the bottom box",
       stack_rock_lower},
      {"stack-rock-upper", "a three-box stack rocking: the top box on the middle box's edge",
       stack_rock_upper},
  };
  return scenes;
}

std::vector<const ContactScene*> match_contact_scenes(const std::string& pattern) {
  std::vector<const ContactScene*> out;
  for (const ContactScene& s : contact_scenes())
    if (fnmatch(pattern.c_str(), s.name.c_str(), 0) == 0) out.push_back(&s);
  return out;
}

MotionCase rotate_scene(const MotionCase& m, int k) {
  const Mat3 g = Pose::from_quaternion(cases::exact_quaternions().at(static_cast<std::size_t>(k)),
                                       Vec3::Zero())
                     .rotation;
  MotionCase r = m;
  r.id = m.id + "/rot" + std::to_string(k);
  r.tags.push_back("rotation-" + std::to_string(k));
  r.origin["rotation"] = k;
  for (ShapeSpec* s : {&r.a, &r.b})
    for (Vec3& v : s->vertices) v = g * v;
  const auto turn = [&](const Pose& p) {
    const std::array<double, 4> q = p.source_quaternion.value_or(std::array<double, 4>{1, 0, 0, 0});
    const Vec3 v = g * Vec3(q[1], q[2], q[3]);
    return Pose::from_quaternion({q[0], v.x(), v.y(), v.z()}, g * p.translation);
  };
  for (MotionFrame& f : r.frames) {
    f.pose_a = turn(f.pose_a);
    f.pose_b = turn(f.pose_b);
  }
  if (r.contact_offset) r.contact_offset = g * *r.contact_offset;
  return r;
}

std::vector<MotionCase> contact_scene_cases(const std::string& pattern, int rotations) {
  std::vector<MotionCase> out;
  for (const ContactScene* s : match_contact_scenes(pattern)) {
    const MotionCase m = s->generate();
    for (int k = 0; k < rotations && k < 12; ++k) out.push_back(rotate_scene(m, k));
  }
  return out;
}

}  // namespace touchstone
