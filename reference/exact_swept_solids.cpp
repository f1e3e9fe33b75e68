// Exact swept test of two translating triangle meshes (see exact_swept.hpp): every elementary
// pair decided by exact_swept, the earliest kept.
#include <stdexcept>

#include "reference/exact_polynomial_internal.hpp"
#include "reference/exact_swept.hpp"

namespace touchstone {

using exact_poly::Poly;
using exact_poly::PPoint;
using exact_poly::Q;

namespace {

Q rational(const std::string& text, const std::string& field) {
  Q q;
  if (text.empty() || q.set_str(text, 10) != 0 ||
      (text.find('/') != std::string::npos && sgn(q.get_den()) == 0))
    throw std::invalid_argument("exact swept solids: " + field + " is not a rational: '" + text +
                                "'");
  q.canonicalize();
  return q;
}

// The numerator P(t) of a vertex x of a body with rotation vector a, translation s at t = 0 and
// displacement d over the step (its denominator: 1 + t²|a|²):
// (1 − t²aa) x + 2t a×x + 2t² (a·x) a + (1 + t²aa)(s + t d).
PPoint moving(const std::array<Q, 3>& x, const std::array<Q, 3>& a, const std::array<Q, 3>& s,
              const std::array<Q, 3>& d) {
  const Q aa = a[0] * a[0] + a[1] * a[1] + a[2] * a[2];
  const Q ax = a[0] * x[0] + a[1] * x[1] + a[2] * x[2];
  PPoint q;
  for (int k = 0; k < 3; ++k) {
    const int u = (k + 1) % 3, v = (k + 2) % 3;
    q[k] = Poly{x[k] + s[k], 2 * (a[u] * x[v] - a[v] * x[u]) + d[k],
                2 * ax * a[k] - aa * x[k] + aa * s[k], aa * d[k]};
    exact_poly::trim(q[k]);
  }
  return q;
}

Poly denominator(const std::array<Q, 3>& a) {
  Poly w{1, 0, a[0] * a[0] + a[1] * a[1] + a[2] * a[2]};
  exact_poly::trim(w);
  return w;
}

// P over the common denominator W · other.
PPoint over(PPoint q, const Poly& other) {
  if (other.size() > 1)
    for (auto& c : q) c = exact_poly::mul(c, other);
  return q;
}

// A body's vertices as moving points: numerators P(t) over the body's denominator W(t).
struct Ends {
  std::vector<PPoint> p;
  Poly w;
  Ends(const ExactSweptBody& body, const std::string& name) {
    std::array<Q, 3> s, d, a;
    for (int k = 0; k < 3; ++k) {
      s[k] = rational(body.start[k], name + ".start[" + std::to_string(k) + "]");
      d[k] = rational(body.end[k], name + ".end[" + std::to_string(k) + "]") - s[k];
      a[k] = rational(body.rotation[k], name + ".rotation[" + std::to_string(k) + "]");
    }
    w = denominator(a);
    for (std::size_t i = 0; i < body.vertices.size(); ++i) {
      std::array<Q, 3> x;
      for (int k = 0; k < 3; ++k)
        x[k] = rational(body.vertices[i][k],
                        name + ".vertices[" + std::to_string(i) + "][" + std::to_string(k) + "]");
      p.push_back(moving(x, a, s, d));
    }
    for (std::size_t j = 0; j < body.triangles.size(); ++j)
      for (int k = 0; k < 3; ++k)
        if (body.triangles[j][k] < 0 ||
            static_cast<std::size_t>(body.triangles[j][k]) >= body.vertices.size())
          throw std::invalid_argument("exact swept solids: " + name + ".triangles[" +
                                      std::to_string(j) + "] names no vertex");
  }
  // Vertex i over the common denominator W · other.
  PPoint over(std::size_t i, const Poly& other) const { return touchstone::over(p[i], other); }
};

}  // namespace

ExactSweptSolidsResult exact_swept_solids(const ExactSweptSolidsQuery& query) {
  const Ends a(query.a, "a"), b(query.b, "b");
  ExactSweptSolidsResult out;
  Q lo, hi;
  auto decide = [&](SweptType type, const std::array<PPoint, 4>& q, std::string features) {
    ++out.pairs;
    const ExactSweptResult r = exact_swept_moving(static_cast<int>(type), q);
    if (!r.collides) return;
    const Q rlo(r.toi_lo), rhi(r.toi_hi);
    if (!out.earliest.collides || rlo < lo) {
      lo = rlo;
      out.earliest.toi_lo = r.toi_lo;
      out.earliest.toi_lo_double = r.toi_lo_double;
    }
    if (!out.earliest.collides || rhi < hi) {
      hi = rhi;
      out.earliest.toi_hi = r.toi_hi;
      out.earliest.toi_hi_double = r.toi_hi_double;
    }
    out.earliest.collides = true;
    out.earliest.candidates += r.candidates;
    out.meeting.push_back({std::move(features), r.toi_lo_double, r.toi_hi_double});
  };
  auto vertex_face = [&](const Ends& v, const char* vn, const Ends& f, const char* fn,
                         const ExactSweptBody& fb) {
    for (std::size_t i = 0; i < v.p.size(); ++i)
      for (std::size_t j = 0; j < fb.triangles.size(); ++j) {
        const auto& t = fb.triangles[j];
        const std::array<PPoint, 4> q = {v.over(i, f.w), f.over(t[0], v.w), f.over(t[1], v.w),
                                         f.over(t[2], v.w)};
        decide(SweptType::vertex_face, q,
               std::string(vn) + ".v" + std::to_string(i) + "/" + fn + ".f" + std::to_string(j));
      }
  };
  vertex_face(a, "a", b, "b", query.b);
  vertex_face(b, "b", a, "a", query.a);
  for (const auto& ea : swept_mesh_edges(query.a.triangles))
    for (const auto& eb : swept_mesh_edges(query.b.triangles)) {
      const std::array<PPoint, 4> q = {a.over(ea[0], b.w), a.over(ea[1], b.w), b.over(eb[0], a.w),
                                       b.over(eb[1], a.w)};
      decide(SweptType::edge_edge, q,
             "a.e" + std::to_string(ea[0]) + "-" + std::to_string(ea[1]) + "/b.e" +
                 std::to_string(eb[0]) + "-" + std::to_string(eb[1]));
    }
  return out;
}

ExactSweptResult exact_swept_rigid(const SweptQuery& query) {
  if (!query.rigid) return exact_swept(exact_swept_query(query));
  const auto& m = *query.rigid;
  auto q3 = [](const Eigen::Vector3d& v) { return std::array<Q, 3>{Q(v.x()), Q(v.y()), Q(v.z())}; };
  std::array<Poly, 2> w;
  for (int s = 0; s < 2; ++s) w[s] = denominator(q3(m.rotation[s]));
  std::array<PPoint, 4> p;
  for (int i = 0; i < 4; ++i) {
    const int s = swept_side(query.type, i);
    std::array<Q, 3> d = q3(m.end[s]);
    const auto start = q3(m.start[s]);
    for (int k = 0; k < 3; ++k) d[k] -= start[k];
    p[i] = over(moving(q3(m.local[i]), q3(m.rotation[s]), start, d), w[1 - s]);
  }
  return exact_swept_moving(static_cast<int>(query.type), p);
}

ExactSweptSolidsQuery exact_swept_solids_query(const SweptSolidsQuery& query) {
  auto body = [](const SweptBody& b) {
    ExactSweptBody out;
    for (const auto& v : b.vertices)
      out.vertices.push_back({Q(v.x()).get_str(), Q(v.y()).get_str(), Q(v.z()).get_str()});
    out.triangles = b.triangles;
    for (int k = 0; k < 3; ++k) {
      out.start[k] = Q(b.start[k]).get_str();
      out.end[k] = Q(b.end[k]).get_str();
      out.rotation[k] = Q(b.rotation[k]).get_str();
    }
    return out;
  };
  return {body(query.a), body(query.b)};
}

}  // namespace touchstone
