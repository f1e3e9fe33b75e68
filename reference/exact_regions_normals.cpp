// The valid contact normals of a region of a touching pair (exact_regions.hpp, NormalCone), from
// the exact local cones of exact_regions_cones.cpp. GMP/MPFR only, no CGAL package.
//
// Each side's closed tangent cone is split into convex pieces {d : m·d ≤ 0 for m in ineq}:
//  - a face, a convex or flat edge, a convex vertex: one piece, the cone itself;
//  - a reflex edge: its two faces' halfspaces (seed 000 Fig. 7(a)(b));
//  - a vertex that is not convex: the halfspaces of its faces and the wedges of its convex edges
//    that keep the other solid outside (their interiors miss the other's open cone), without
//    pieces contained in another one (a larger piece constrains more); when none qualifies (the
//    apex of a pyramid over a non-convex base touching a face: every face plane is tilted), the
//    closed cells of the arrangement of its face planes that lie in its cone.
// A normal n (from B into A) is valid for the pair of pieces (P_A, P_B) when the plane n·d = 0
// separates them: n·g ≥ 0 on P_A's generators, n·g ≤ 0 on P_B's. Every pair with such an n
// becomes a NormalConePiece; generators leave as unit doubles rounded from the exact vectors.
#include <mpfr.h>

#include <stdexcept>

#include "reference/exact_regions_internal.hpp"

namespace touchstone::exact_detail {

namespace {

int sgn(const NT& x) { return static_cast<int>(x.sign()); }
bool parallel(const XPoint& a, const XPoint& b) { return is_zero(cross(a, b)); }
bool same_direction(const XPoint& a, const XPoint& b) {
  return parallel(a, b) && sgn(dot(a, b)) > 0;
}
void push_direction(std::vector<XPoint>& list, const XPoint& v) {
  if (is_zero(v)) return;
  for (const XPoint& w : list)
    if (same_direction(v, w)) return;
  list.push_back(v);
}
const XPoint kAxes[3] = {{NT(1), NT(0), NT(0)}, {NT(0), NT(1), NT(0)}, {NT(0), NT(0), NT(1)}};

// A nonzero vector perpendicular to v (v nonzero).
XPoint perpendicular(const XPoint& v) {
  for (const XPoint& e : kAxes)
    if (!parallel(v, e)) return cross(v, e);
  throw std::runtime_error("exact regions: zero vector");
}

struct Piece {
  std::vector<XPoint> ineq;  // the piece is {d : m·d ≤ 0 for every m}
  std::vector<XPoint> gens;  // directions whose conic hull (with ±) is the piece
};

bool satisfies(const std::vector<XPoint>& ineq, const XPoint& d) {
  for (const XPoint& m : ineq)
    if (sgn(dot(m, d)) > 0) return false;
  return true;
}

// Generators of the closed convex cone {d : m·d ≤ 0}: its extreme rays and, when it holds a line
// or a plane, both directions of a basis of it. Extreme rays of a pointed section lie on two
// planes, so they are among ±(m_i × m_j) (rank 3) or ±(m × l) around the common line l (rank 2).
std::vector<XPoint> generators(const std::vector<XPoint>& ineq) {
  std::vector<XPoint> lines;  // distinct plane lines
  for (const XPoint& m : ineq) {
    bool seen = false;
    for (const XPoint& w : lines) seen = seen || parallel(m, w);
    if (!seen && !is_zero(m)) lines.push_back(m);
  }
  std::vector<XPoint> candidates;
  if (lines.empty()) throw std::runtime_error("exact regions: a piece without planes");
  if (lines.size() == 1) {
    const XPoint t1 = perpendicular(lines[0]), t2 = cross(lines[0], t1);
    candidates = {t1, -t1, t2, -t2, lines[0], -lines[0]};
  } else {
    const XPoint l = cross(lines[0], lines[1]);
    bool rank3 = false;
    for (const XPoint& m : lines) rank3 = rank3 || sgn(dot(m, l)) != 0;
    if (rank3) {
      for (std::size_t i = 0; i < lines.size(); ++i)
        for (std::size_t j = i + 1; j < lines.size(); ++j) {
          const XPoint r = cross(lines[i], lines[j]);
          candidates.push_back(r);
          candidates.push_back(-r);
        }
    } else {
      candidates = {l, -l};
      for (const XPoint& m : lines) {
        candidates.push_back(cross(m, l));
        candidates.push_back(-cross(m, l));
      }
    }
  }
  std::vector<XPoint> out;
  for (const XPoint& c : candidates)
    if (satisfies(ineq, c)) push_direction(out, c);
  return out;
}

Piece make_piece(std::vector<XPoint> ineq) {
  Piece p;
  p.ineq = std::move(ineq);
  p.gens = generators(p.ineq);
  return p;
}

bool contained(const Piece& inner, const Piece& outer) {
  for (const XPoint& g : inner.gens)
    if (!satisfies(outer.ineq, g)) return false;
  return true;
}

// The open piece misses the other solid's open cone.
bool keeps_outside(const Piece& piece, const LocalCone& other) {
  std::vector<XPoint> planes = piece.ineq;
  planes.insert(planes.end(), other.planes.begin(), other.planes.end());
  for (const XPoint& d : cell_directions(planes)) {
    bool inside = true;
    for (const XPoint& m : piece.ineq) inside = inside && sgn(dot(m, d)) < 0;
    if (inside && in_open_cone(other, d)) return false;
  }
  return true;
}

// The closed cells of the arrangement of the vertex's face planes that lie in its cone: convex,
// covering the cone, each inside it (so each keeps a touching solid outside). The fallback when
// no face or edge piece keeps the other solid outside (a saddle against a saddle).
std::vector<Piece> cell_pieces(const LocalCone& cone) {
  std::vector<Piece> out;
  for (const XPoint& d : cell_directions(cone.planes)) {
    if (!in_open_cone(cone, d)) continue;
    std::vector<XPoint> ineq;  // sign(m·x) agrees with sign(m·d) or vanishes
    for (const XPoint& m : cone.planes) ineq.push_back(sgn(dot(m, d)) > 0 ? -m : m);
    Piece p = make_piece(std::move(ineq));
    bool seen = false;
    for (const Piece& q : out) seen = seen || (contained(p, q) && contained(q, p));
    if (!seen) out.push_back(std::move(p));
  }
  return out;
}

std::vector<Piece> side_pieces(const ExactSolid& s, const LocalCone& cone, const LocalCone& other) {
  if (cone.kind == LocalCone::Kind::reflex_wedge)
    return {make_piece({cone.planes[0]}), make_piece({cone.planes[1]})};
  if (cone.convex) return {make_piece(cone.planes)};
  std::vector<Piece> candidates;
  for (const XPoint& m : cone.planes) candidates.push_back(make_piece({m}));
  for (int e : s.shape->vertex_edges()[static_cast<std::size_t>(cone.entity.id)]) {
    if (edge_convexity(s, e) <= 0) continue;
    const Edge& edge = s.shape->edges()[static_cast<std::size_t>(e)];
    candidates.push_back(make_piece({s.face_normals[static_cast<std::size_t>(edge.left_face)],
                                     s.face_normals[static_cast<std::size_t>(edge.right_face)]}));
  }
  std::vector<Piece> kept;
  for (Piece& p : candidates)
    if (keeps_outside(p, other)) kept.push_back(std::move(p));
  if (kept.empty()) kept = cell_pieces(cone);
  std::vector<Piece> out;
  for (std::size_t i = 0; i < kept.size(); ++i) {
    bool dominated = false;
    for (std::size_t j = 0; j < kept.size() && !dominated; ++j)
      dominated = j != i && contained(kept[i], kept[j]) &&
                  (!contained(kept[j], kept[i]) || j < i);  // equal pieces: keep the first
    if (!dominated) out.push_back(kept[i]);  // a copy: later pieces still compare with it
  }
  return out;
}

// Some n ≠ 0 with n·k ≥ 0 for every k: the cone K they generate is not all of space. Then its
// dual holds ±(k_i × k_j) (a facet normal, or the normal of K's plane) or, for K on a line or
// {0}, a perpendicular.
bool has_normal(const std::vector<XPoint>& generators_in) {
  std::vector<XPoint> k;
  for (const XPoint& v : generators_in) push_direction(k, v);
  // n or -n: the signs of n·v, stopping as soon as neither can hold.
  auto either = [&k](const XPoint& n) {
    if (is_zero(n)) return false;
    bool plus = true, minus = true;
    for (std::size_t i = 0; i < k.size() && (plus || minus); ++i) {
      const int s = sgn(dot(n, k[i]));
      plus = plus && s >= 0;
      minus = minus && s <= 0;
    }
    return plus || minus;
  };
  if (k.empty()) return true;
  for (const XPoint& e : kAxes)
    if (either(cross(k[0], e))) return true;
  for (std::size_t i = 0; i < k.size(); ++i)
    for (std::size_t j = i + 1; j < k.size(); ++j)
      if (either(cross(k[i], k[j]))) return true;
  return false;
}

void set_exact(mpfr_t out, const NT& x) {
  mpfr_set_z_2exp(out, x.man(), static_cast<mpfr_exp_t>(x.exp()), MPFR_RNDN);
}

}  // namespace

// Computed with 256 bits, then rounded to nearest.
Vec3 unit_vector(const XPoint& v) {
  mpfr_t c[3], norm, sq;
  for (mpfr_t& x : c) mpfr_init2(x, 256);
  mpfr_inits2(256, norm, sq, static_cast<mpfr_ptr>(nullptr));
  set_exact(c[0], v.x);
  set_exact(c[1], v.y);
  set_exact(c[2], v.z);
  mpfr_set_zero(norm, 1);
  for (mpfr_t& x : c) {
    mpfr_sqr(sq, x, MPFR_RNDN);
    mpfr_add(norm, norm, sq, MPFR_RNDN);
  }
  mpfr_sqrt(norm, norm, MPFR_RNDN);
  Vec3 out;
  for (int i = 0; i < 3; ++i) {
    mpfr_div(c[i], c[i], norm, MPFR_RNDN);
    out[i] = mpfr_get_d(c[i], MPFR_RNDN);
  }
  for (mpfr_t& x : c) mpfr_clear(x);
  mpfr_clears(norm, sq, static_cast<mpfr_ptr>(nullptr));
  return out;
}

NormalCone normal_cone(const ExactSolid& a, const ExactSolid& b, const RawRegion& region) {
  const LocalCone cone_a = local_cone(a, region.a), cone_b = local_cone(b, region.b);
  const std::vector<Piece> pieces_a = side_pieces(a, cone_a, cone_b);
  const std::vector<Piece> pieces_b = side_pieces(b, cone_b, cone_a);
  NormalCone out;
  for (const Piece& pa : pieces_a)
    for (const Piece& pb : pieces_b) {
      std::vector<XPoint> k = pa.gens;
      for (const XPoint& g : pb.gens) k.push_back(-g);
      if (!has_normal(k)) continue;
      NormalConePiece piece;
      for (const XPoint& g : pa.gens) piece.into_a.push_back(unit_vector(g));
      for (const XPoint& g : pb.gens) piece.into_b.push_back(unit_vector(g));
      out.pieces.push_back(std::move(piece));
    }
  return out;
}

}  // namespace touchstone::exact_detail
