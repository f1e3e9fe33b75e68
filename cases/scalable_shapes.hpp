// Scalable solids and posed pairs for the contact-region measurements of seed 000 §4 (Bouma &
// Vaněček): time per query against face count (100 … 10,000 faces), the Brep-index's tree shapes
// (§4.2: tetrahedron, cube, icosahedron, a 642-vertex sphere, a 128-face sphere) and coherent
// motion for back-face culling (§4.1). Every face is exactly planar in the doubles:
//  - the UV sphere's ring coordinates are cos/sin rounded to multiples of 2^-20, so a vertex
//    (c·X, c·Y, z) is an exact product and the four corners of a quad are exactly coplanar (its
//    two horizontal sides are exact multiples of one vector);
//  - the rack has small integer coordinates.
// Pairs touch exactly at gap 0 (identical coincident faces) with the contact plane at coordinate 0,
// and A is B mirrored through that plane, so a gap translation and a spin about the contact normal
// (an exact pose: one row of the matrix is a unit row) keep the contact exact.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "cases/format/region_case.hpp"
#include "cases/region_shapes.hpp"

namespace touchstone::cases {

// A polyhedral UV sphere of radius about 1: `longitudes` meridian strips (boundaries at
// φ = (2i − 1)π / longitudes, so strip 0 is centred on +x) × `bands` latitude bands of equal angle
// (π / bands); triangles at the poles, quadrilaterals elsewhere. Faces: longitudes × bands;
// vertices: longitudes × (bands − 1) + 2; edges: longitudes × (2 bands − 1). Convex.
// Needs longitudes ≥ 3, bands ≥ 2.
Brep uv_sphere(int longitudes, int bands);
// The (longitudes, bands) of a UV sphere with about `faces` faces: bands odd (so a quad of the
// middle band is vertical, centred on the x axis) and longitudes ≈ 2 × bands.
std::pair<int, int> uv_sphere_grid(int faces);

// The octahedron subdivided `subdivisions` times (each triangle into four, new vertices projected
// onto the unit sphere): 8 × 4^subdivisions triangles; 2 levels give the other natural 128-face
// sphere (66 vertices, 192 edges).
Brep octasphere(int subdivisions);

// A straight rack (comb) of `teeth` trapezoidal teeth in the (x, y) plane, extruded over
// z ∈ [−4, 4]: pitch 8, base 4 high, teeth 4 high with a tip 2 wide (x ∈ [3, 5] of each pitch),
// the tip of the middle tooth centred on x = 0 and every tip on y = 0 (the base at y ∈ [−8, −4]).
// Each cap is split into one 8-gon per pitch (no face grows with the tooth count) and each
// outline segment is one side face: faces 8 × teeth + 2, vertices 12 × teeth + 4. Non-convex.
Brep rack(int teeth);
int rack_teeth(int faces);  // the tooth count giving about `faces` faces

// Every vertex mirrored through the plane {coordinate `axis` = 0}, faces reversed (outward kept).
Brep mirrored(Brep b, int axis);

// A convex solid of seed 000 §4.2 as a point set whose hull it is.
struct NamedPoints {
  std::string name;
  std::vector<Vec3> points;
};
// Tetrahedron, cube, icosahedron and the icosphere of 642 vertices (subdivision level 3).
std::vector<NamedPoints> paper_convex_solids();

// Scaling pairs: A touches B exactly, face on identical face.
enum class PairKind {
  convex,     // two UV spheres (uv_sphere_grid(faces)) on the vertical quad of the middle band
  nonconvex,  // two racks (rack_teeth(faces)) tooth tip on tooth tip, every tooth touching
};
std::string_view to_string(PairKind k);  // "convex" / "nonconvex"

// One step: A touching B (gap 0), A sliding tangentially along the contact (velocities given, B at
// rest). Id "scaling/<kind>/f<faces>".
RegionCase scaling_case(PairKind kind, int faces);

// How A moves in a coherent motion, besides spinning about the contact normal.
enum class Motion {
  slide,     // along the contact, inside the touching face: touching at every step
  approach,  // along the normal toward B by size / 32 per step: separated, touching at the last
};
std::string_view to_string(Motion m);  // "slide" / "approach"

// A coherent motion of `steps` steps: A spins by `omega_degrees` per step about the contact normal
// through the contact face's centre and slides or approaches (Motion), offset by `gap` (absolute)
// along the normal at the contact step(s); velocities are the motion's (per step: linear, and
// angular in radians). Convex: UV spheres uv_sphere_grid(faces) (24 faces: 8 × 3; 264: 24 × 11,
// the largest whose contact quad keeps four slides); non-convex: racks of rack_teeth(faces) teeth.
RegionCase coherent_motion_case(PairKind kind, Motion motion, int faces, double omega_degrees,
                                int steps,
                                double gap);  // non-convex: racks of 32 teeth (258 faces).
RegionCase coherent_motion_case(PairKind kind, double omega_degrees, int steps, double gap);

}  // namespace touchstone::cases
