// Exact swept test of elementary primitives (seed 004 §2.3; DESIGN §3.2b): whether a vertex and a
// triangle, or two edges, moving with linear per-vertex trajectories over t ∈ [0, 1], meet, and
// the earliest time of impact as a certified rational interval.
//
// Method (exact rationals, GMP): the four points are coplanar exactly where the cubic
// f(t) = det(p1 − p0, p2 − p0, p3 − p0) vanishes. Where f is not identically zero, contact can
// only happen at a real root of f in [0, 1]; the roots are isolated with a Sturm sequence of f's
// square-free part, and at each root the static closed test (point in triangle, segments meet,
// degenerate triangles and segments included) is decided exactly from the signs of its
// polynomials at the root: a zero by the gcd with the root's polynomial, a sign by refining the
// isolating interval until the polynomial has no root in it (Sturm). Where f ≡ 0 (coplanar
// throughout) the contact set is closed, so its earliest point is 0 or a root of one of the
// static test's polynomials: those are the candidates. The earliest candidate that passes is the
// time of impact, refined to a relative width ≤ 1e-12.
#pragma once

#include <array>
#include <string>
#include <vector>

#include "algorithms/swept/swept.hpp"

namespace touchstone {

// Coordinates as exact rationals in GMP's text form ("-3/4", "17"), same vertex order as
// SweptQuery.
struct ExactSweptQuery {
  SweptType type = SweptType::vertex_face;
  std::array<std::array<std::string, 3>, 8> coordinates{};
};

struct ExactSweptResult {
  bool collides = false;
  bool coplanar_throughout = false;  // f ≡ 0
  // The earliest time of impact lies in [toi_lo, toi_hi] (exact rationals; equal when the root is
  // rational), and in [toi_lo_double, toi_hi_double] (rounded outwards).
  std::string toi_lo = "1", toi_hi = "1";
  double toi_lo_double = 1.0, toi_hi_double = 1.0;
  int candidates = 0;  // roots examined (cost indicator)
};

// Throws std::invalid_argument when a coordinate is not a rational with a non-zero denominator.
ExactSweptResult exact_swept(const ExactSweptQuery& query);

// The exact query of a double one (every double is a rational).
ExactSweptQuery exact_swept_query(const SweptQuery& query);

// The exact answer to a double query, following its rigid motion when it has one (the motion of
// exact_swept_solids below, from the doubles' exact values); the query must be finite.
ExactSweptResult exact_swept_rigid(const SweptQuery& query);

// Whole solids (SweptBody with exact rationals): the earliest contact is the earliest over all
// elementary pairs — each vertex of either body against each triangle of the other, each edge
// against each edge — each decided by the same test (no culling: the reference asks every pair).
// Under translation every vertex moves on a straight line. With a rotation vector a ≠ 0 a vertex
// x is at R(t) x + S + t (E − S), R(t) the Cayley rotation of swept_rotate (swept.hpp): rational,
// P(t) / W(t) with P of degree ≤ 3 and W = 1 + t²|a|², so the pair's points are written over the
// common denominator W_a W_b and the test's polynomials (degree ≤ 15) keep their signs; roots are
// isolated by Sturm sequences as for linear motion. The earliest time lies in
// [min toi_lo, min toi_hi] over the pairs that meet (width at most the narrowest pair's).
struct ExactSweptBody {
  std::vector<std::array<std::string, 3>> vertices{};
  std::vector<std::array<int, 3>> triangles{};
  std::array<std::string, 3> start{"0", "0", "0"}, end{"0", "0", "0"};
  std::array<std::string, 3> rotation{"0", "0", "0"};
};
struct ExactSweptSolidsQuery {
  ExactSweptBody a, b;
};
struct ExactSweptSolidsResult {
  ExactSweptResult earliest;
  // Every pair that meets, named as swept_solids() names them ("a.v3/b.f5", "a.e0-1/b.e4-5"),
  // with its exact toi interval rounded outwards.
  struct Pair {
    std::string features;
    double toi_lo = 1, toi_hi = 1;
  };
  std::vector<Pair> meeting;
  long pairs = 0;  // elementary queries decided
};
// Throws std::invalid_argument naming the body, vertex and field of a bad coordinate or index.
ExactSweptSolidsResult exact_swept_solids(const ExactSweptSolidsQuery& query);
// The exact query of a double one.
ExactSweptSolidsQuery exact_swept_solids_query(const SweptSolidsQuery& query);

}  // namespace touchstone
