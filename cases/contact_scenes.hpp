// Motion scenes for contact-set trackers (issue 34; seed 003 §3.1 Figure 5): box A above box B,
// poses given exactly per frame. Every frame hovers `gap` above a configuration that touches
// exactly (MotionCase::contact_offset = (0, 0, −gap)): contacts in a simulator rest within ε of
// each other, not at distance 0 (seed 003 §3.2), and the exact regions of the touching
// configuration are what each frame's contacts must stand for. Frames that penetrate even after
// the offset are the integrator's overshoots: a tracker must see the penetration there.
#pragma once

#include <string>
#include <vector>

#include "cases/format/motion_case.hpp"

namespace touchstone {

struct ContactScene {
  std::string name, description;
  MotionCase (*generate)();
};

// fig5-settle: A tips onto B's top face at one vertex, rocks down on it (overshoots) and settles
//   overhanging B's edge: the exact rest region is a quadrilateral with two V-F and two E-E
//   corners (seed 003 Figure 5, right).
// spin-on-face: A rests on B's top face and turns about the vertical axis: the four V-F corners
//   persist through every frame.
// slide-off-edge: A slides across B's top edge: V-F corners leave the face, E-E corners appear.
// slide-down-slope: A slides down B's sloped face z = x/2, its four V-F corners persisting.
// tetra-into-corner: a tetrahedron slides across B's top face over the corner of two of its edges:
//   V-F corners leave, E-E corners appear, B's corner vertex ends inside A's face (F-V).
// stack-rock-lower, stack-rock-upper: a three-box stack rocking, one case per contact pair, each in
//   its lower box's frame: face–face rest, edge contacts while tipped, overshoots on landing.
const std::vector<ContactScene>& contact_scenes();
// The scenes whose names match the glob ('*' any run, '?' one character).
std::vector<const ContactScene*> match_contact_scenes(const std::string& pattern);

// The scene seen under exact rotation k (0..11, cases::exact_quaternions(); 0 is the identity):
// both shapes' vertices, every pose and the contact offset turned by the signed permutation G
// (a frame's quaternion (w, v) becomes (w, G v), the same rotation conjugated by G), so the
// touching configurations stay exact. Id "<id>/rot<k>".
MotionCase rotate_scene(const MotionCase& m, int k);
// Every matching scene under the first `rotations` exact rotations (1..12).
std::vector<MotionCase> contact_scene_cases(const std::string& pattern, int rotations);

inline constexpr double kContactSceneGap = 1.0 / 4096;  // 2^-12: offsets add and cancel exactly

}  // namespace touchstone
