// The pipeline that places a lower/upper shape pair along an axis at an exact signed gap (the
// gap sweep of the degenerate families) and turns it into a ProximityCase.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "cases/exact_solids.hpp"
#include "cases/format/proximity_case.hpp"

namespace touchstone::cases {

// ---- placing a pair along an axis ----

// Construction frame: `lower` lies in x ≤ 0, `upper` in x ≥ 0, and at gap 0 they touch at a common
// point on x = 0 (the contact). The pipeline shifts the second shape by gap·size along +x.
enum class ContactModel {
  external,     // gap > 0 separated at distance = gap, 0 touching, < 0 penetrating
  ridge_only,   // the bodies meet only along a line: gap ≤ 0 stays touching
  nested,       // one inside the other: always penetrating
  approximate,  // rounded construction: the gap is a label, no expected relation
  // Both shapes lie in planes x = const (points, segments, polygons): gap 0 touching (A − B is
  // flat), any other gap separated at distance |gap|.
  parallel_planes,
};

struct AxisPair {
  std::vector<Vec3> lower, upper;
  Vec3 lower_offset = Vec3::Zero(), upper_offset = Vec3::Zero();  // y, z only (x must be 0)
  std::string lower_feature, upper_feature;
  ContactModel model = ContactModel::external;
  bool allow_swap = true;  // exchange the roles (mirror both) at random
};

struct FamilyContext {
  std::string family;
  std::uint64_t seed = 0;
  int index = 0;
  Rng rng;
  double gap = 0.0;  // gap_sweep()[index % 11]
  int variant = 0;   // index / 11

  FamilyContext(std::string name, std::uint64_t s, int i);
};

enum class Placement {
  any,    // chosen at random between baked and pose
  baked,  // offsets and a signed permutation written into the vertex coordinates
  pose,   // local shapes, the offset and an exact rotation (12 quaternions) in the poses
};

struct PlaceOptions {
  Placement placement = Placement::any;
  std::optional<Vec3> far_translation;  // integer-valued translation of the whole pair
};

ProximityCase place_on_axis(FamilyContext& ctx, AxisPair pair, double size, nlohmann::json params,
                            const PlaceOptions& options = {});

// One of the 12 rotations whose quaternion gives an exact matrix (entries 0, ±1).
std::array<double, 4> exact_quaternion(Rng& rng);
// The 12 rotations whose matrices Pose::from_quaternion gives exactly (the tetrahedral group:
// identity, three half-turns, eight third-turns about cube diagonals; signed permutations).
const std::array<std::array<double, 4>, 12>& exact_quaternions();

// Common case skeleton (id, family, origin, gap tag); shapes and poses filled by the caller.
ProximityCase case_skeleton(const FamilyContext& ctx, double size, nlohmann::json params);
std::string gap_tag(double gap);
void tag_intended(ProximityCase& c, Relation r);
void set_expected(ProximityCase& c, ContactModel model, double gap_exact);

// The two solids placed for an axis contact: `lower` as is, `upper` mirrored in x, each scaled
// by its unit (the upper one's defaults to the lower one's).
AxisPair pair_of(const Solid& lower, const Solid& upper, double lower_unit, double upper_unit);
inline AxisPair pair_of(const Solid& lower, const Solid& upper, double unit) {
  return pair_of(lower, upper, unit, unit);
}

}  // namespace touchstone::cases
