// The certified route of the exact proximity reference (DESIGN §4): a floating-point GJK over the
// raw vertex lists proposes the closest features (its final simplex), exact arithmetic builds the
// point of A − B they name, and an exact certificate — a plane through that point supporting
// both shapes, every vertex decided by an interval filter first and by Gmpzf only when the filter
// cannot decide — proves it. A proposal that does not prove is dropped and the caller falls back
// to the full construction (exact_proximity.cpp). Internal: exact_proximity.cpp and tests only.
#pragma once

#include <array>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "algorithms/geometry/pose.hpp"
#include "reference/exact_internal.hpp"

namespace touchstone::exact_detail {

// What the certificate proved. Exact numbers are Gmpzf, common denominator den > 0.
struct CertifiedAnswer {
  // common_point: distance 0 proved by a common point, relation not decided (certify_distance).
  enum class Kind { separated, touching, penetrating, common_point };
  Kind kind = Kind::separated;
  // Separated: the closest points p = pa/den on A and q = qb/den on B; distance² = |pa − qb|² /
  // den². Touching and penetrating: pa = qb, a common point (penetrating: the origin is a
  // strictly positive combination of differences a_k − b_k spanning space, certified_interior.cpp,
  // proved by exact coefficients).
  std::array<NT, 3> pa, qb;
  NT den;
  // "separation", "touching_plane", "interior_tetrahedron", "interior_combination",
  // "common_point"
  std::string how;
  std::vector<std::array<int, 2>> pairs;  // the proving simplex: (vertex of A, vertex of B)

  // The squared distance |pa − qb|² / den², as {numerator, denominator}.
  std::pair<NT, NT> distance_sq() const {
    const NT dx = pa[0] - qb[0], dy = pa[1] - qb[1], dz = pa[2] - qb[2];
    return {dx * dx + dy * dy + dz * dz, den * den};
  }
};

// nullopt when no certificate was found (the caller then runs the full construction). Throws
// std::runtime_error on empty or non-finite input, like exact_world_points.
std::optional<CertifiedAnswer> certify_proximity(std::span<const Vec3> vertices_a,
                                                 const Pose& pose_a,
                                                 std::span<const Vec3> vertices_b,
                                                 const Pose& pose_b);

// The exact distance only (no relation): separated as above, or common_point when the proposal
// names a common point, or penetrating when a tetrahedron of differences holds the origin
// (certify_interior, certify_interior_near_point: a witness point a rounding inside its shape's
// edge). The exact GJK steps run even when the floating-point GJK called the pair in contact: a
// witness point a rounding outside an edge is a separation of ~1e-17. For flat point sets too
// (closest features of polytopes).
std::optional<CertifiedAnswer> certify_distance(std::span<const Vec3> vertices_a,
                                                const Pose& pose_a,
                                                std::span<const Vec3> vertices_b,
                                                const Pose& pose_b);

namespace certified {
struct Shape;
}

// certified_interior.cpp: penetration proved from the supports of A − B along the axes and the
// diagonals — a tetrahedron of them holding the origin strictly inside, or one holding it on a
// face or an edge plus one more support, with a small weight, pulling the combination inside.
// nullopt when none proves.
std::optional<CertifiedAnswer> certify_interior(const certified::Shape& sa,
                                                const certified::Shape& sb);
// The same for a shallow penetration, the origin 1e-24 … 1e-10 inside A − B next to the
// difference point v nearest it, where no tetrahedron of supports holds it: a tetrahedron of v
// and three other differences a_k − b_j or a_i − b_l (v = a_i − b_j; they span A − B's tangent
// cone at v) whose cone at v holds the exact offset of the origin strictly. nullopt when none
// proves, or when |A|·|B| > 40,000.
std::optional<CertifiedAnswer> certify_interior_near_point(const certified::Shape& sa,
                                                           const certified::Shape& sb);

// certified_depth.cpp: the exact squared penetration depth, proved (see there), starting from the
// tetrahedron of a penetration certificate (its `pairs`); nullopt when not proved.
std::optional<DepthResult> certify_depth(std::span<const Vec3> vertices_a, const Pose& pose_a,
                                         std::span<const Vec3> vertices_b, const Pose& pose_b,
                                         const std::vector<std::array<int, 2>>& tetrahedron);

// The certificate for one proposed simplex alone: up to four (vertex of A, vertex of B) index
// pairs naming differences a − b. nullopt when it does not prove (tests feed it wrong proposals).
// Throws std::out_of_range for an index outside its list.
std::optional<CertifiedAnswer> certify_candidate(std::span<const Vec3> vertices_a,
                                                 const Pose& pose_a,
                                                 std::span<const Vec3> vertices_b,
                                                 const Pose& pose_b,
                                                 const std::vector<std::array<int, 2>>& pairs);

}  // namespace touchstone::exact_detail
