// Building blocks shared by the degenerate case families: a portable counter-based RNG, exact
// integer polygons and solids, and the pipeline that places a lower/upper shape pair along an
// axis at an exact signed gap and turns it into a ProximityCase.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "cases/families.hpp"
#include "cases/format/proximity_case.hpp"

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

// ---- exact integer geometry (coordinates in "units"; scaled to doubles by a power of two) ----

constexpr int kRadius = 32;  // the families' polygon and solid radius in units; a unit is size / 64

struct I2 {
  std::int64_t y = 0, z = 0;
};
struct I3 {
  std::int64_t x = 0, y = 0, z = 0;
};
using Polygon = std::vector<I2>;  // convex, counter-clockwise in the (y, z) plane

std::int64_t cross(const I2& o, const I2& a, const I2& b);
Polygon hull2(std::vector<I2> points);  // strictly convex, counter-clockwise
bool strictly_inside(const Polygon& poly, const I2& p);
bool polygon_inside(const Polygon& inner, const Polygon& outer);  // every vertex strictly inside

// A random convex polygon with vertices in the annulus radius/2 ≤ |p| ≤ radius that contains the
// square [-radius/4, radius/4]² in its interior (so the origin, with margin). n in [min_n, max_n].
Polygon fat_polygon(Rng& rng, int radius, int min_n, int max_n);
Polygon rectangle(std::int64_t y0, std::int64_t y1, std::int64_t z0, std::int64_t z1);

// Solids on the x ≤ 0 side whose maximal-x feature passes through the origin, built so that -x
// points into the interior from the origin (a shift of the partner by -ε penetrates).
struct Solid {
  std::vector<I3> points;
  std::string feature;  // "vertex", "edge" or "face" (the feature at x = 0)
  std::string style;    // e.g. "pyramid", "wedge", "prism"
};
Solid apex_solid(Rng& rng, int radius);  // unique max-x vertex at the origin
Solid ridge_solid(Rng& rng, I2 dir, std::int64_t from, std::int64_t to, int radius);
Solid face_solid(Rng& rng, const Polygon& face, int radius);  // face polygon at x = 0
I2 random_direction(Rng& rng);                                // small integer direction in (y, z)
std::vector<I3> mirrored(std::vector<I3> points);             // x → -x
std::vector<Vec3> scaled(const std::vector<I3>& points, double unit);

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

// Common case skeleton (id, family, origin, gap tag); shapes and poses filled by the caller.
ProximityCase case_skeleton(const FamilyContext& ctx, double size, nlohmann::json params);
std::string gap_tag(double gap);
void tag_intended(ProximityCase& c, Relation r);
void set_expected(ProximityCase& c, ContactModel model, double gap_exact);

// Largest |det| of 4 points relative to the bounding box, to reject flat random point sets.
bool is_solid(const std::vector<Vec3>& points);

// The two solids placed for an axis contact: `lower` as is, `upper` mirrored in x, each scaled
// by its unit (the upper one's defaults to the lower one's).
AxisPair pair_of(const Solid& lower, const Solid& upper, double lower_unit, double upper_unit);
inline AxisPair pair_of(const Solid& lower, const Solid& upper, double unit) {
  return pair_of(lower, upper, unit, unit);
}

// ---- shared by the family files ----

// A family whose generator is gen(name, seed, index).
CaseFamily family(std::string name, std::string description, int count,
                  std::function<ProximityCase(const std::string&, std::uint64_t, int)> gen);

// Shell-style glob ('*', '?') over a whole name, by POSIX fnmatch.
bool glob_match(const std::string& pattern, const std::string& name);

// The element named `name` of a family list, or nullptr; the elements matching a glob pattern.
template <typename Family>
const Family* find_named(const std::vector<Family>& families, const std::string& name) {
  for (const Family& f : families)
    if (f.name == name) return &f;
  return nullptr;
}
template <typename Family>
std::vector<const Family*> match_named(const std::vector<Family>& families,
                                       const std::string& pattern) {
  std::vector<const Family*> out;
  for (const Family& f : families)
    if (glob_match(pattern, f.name)) out.push_back(&f);
  return out;
}

// A shape size from {0.25, 0.5, 1, 2, 4}.
double random_size(Rng& rng);

// Fisher-Yates with our own Rng (std::shuffle's algorithm is implementation-defined).
template <typename T>
void shuffle(Rng& rng, std::vector<T>& v) {
  for (std::size_t i = v.size(); i > 1; --i)
    std::swap(v[i - 1],
              v[static_cast<std::size_t>(rng.integer(0, static_cast<std::int64_t>(i) - 1))]);
}

// One side of a contact, built on the x <= 0 side, whose contact feature is a vertex ('v'), an
// edge along `dir` ('e') or a face (otherwise).
Solid side_along(Rng& rng, char kind, I2 dir, int radius);
// The same with a random edge direction (drawn only for an edge).
Solid side(Rng& rng, char kind, int radius);
// The solid's contact feature, style and point count, for a case's params.
nlohmann::json describe(const Solid& s);

}  // namespace touchstone::cases
