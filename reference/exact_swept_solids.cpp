// Exact swept test of two translating triangle meshes (see exact_swept.hpp): every elementary
// pair decided by exact_swept, the earliest kept.
#include <stdexcept>

#include "reference/exact_polynomial_internal.hpp"
#include "reference/exact_swept.hpp"

namespace touchstone {

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

// A body's vertices at t = 0 and t = 1 as rational text (vertex + translation, exactly).
struct Ends {
  std::vector<std::array<std::string, 3>> p0, p1;
  Ends(const ExactSweptBody& body, const std::string& name) {
    std::array<Q, 3> s, e;
    for (int k = 0; k < 3; ++k) {
      s[k] = rational(body.start[k], name + ".start[" + std::to_string(k) + "]");
      e[k] = rational(body.end[k], name + ".end[" + std::to_string(k) + "]");
    }
    for (std::size_t i = 0; i < body.vertices.size(); ++i) {
      std::array<std::string, 3> a, b;
      for (int k = 0; k < 3; ++k) {
        const Q v = rational(body.vertices[i][k], name + ".vertices[" + std::to_string(i) + "][" +
                                                      std::to_string(k) + "]");
        a[k] = Q(v + s[k]).get_str();
        b[k] = Q(v + e[k]).get_str();
      }
      p0.push_back(a);
      p1.push_back(b);
    }
    for (std::size_t j = 0; j < body.triangles.size(); ++j)
      for (int k = 0; k < 3; ++k)
        if (body.triangles[j][k] < 0 ||
            static_cast<std::size_t>(body.triangles[j][k]) >= body.vertices.size())
          throw std::invalid_argument("exact swept solids: " + name + ".triangles[" +
                                      std::to_string(j) + "] names no vertex");
  }
};

}  // namespace

ExactSweptSolidsResult exact_swept_solids(const ExactSweptSolidsQuery& query) {
  const Ends a(query.a, "a"), b(query.b, "b");
  ExactSweptSolidsResult out;
  Q lo, hi;
  auto decide = [&](const ExactSweptQuery& q, std::string features) {
    ++out.pairs;
    const ExactSweptResult r = exact_swept(q);
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
    for (std::size_t i = 0; i < v.p0.size(); ++i)
      for (std::size_t j = 0; j < fb.triangles.size(); ++j) {
        const auto& t = fb.triangles[j];
        ExactSweptQuery q;
        q.type = SweptType::vertex_face;
        q.coordinates = {v.p0[i], f.p0[t[0]], f.p0[t[1]], f.p0[t[2]],
                         v.p1[i], f.p1[t[0]], f.p1[t[1]], f.p1[t[2]]};
        decide(q, std::string(vn) + ".v" + std::to_string(i) + "/" + fn + ".f" + std::to_string(j));
      }
  };
  vertex_face(a, "a", b, "b", query.b);
  vertex_face(b, "b", a, "a", query.a);
  for (const auto& ea : swept_mesh_edges(query.a.triangles))
    for (const auto& eb : swept_mesh_edges(query.b.triangles)) {
      ExactSweptQuery q;
      q.type = SweptType::edge_edge;
      q.coordinates = {a.p0[ea[0]], a.p0[ea[1]], b.p0[eb[0]], b.p0[eb[1]],
                       a.p1[ea[0]], a.p1[ea[1]], b.p1[eb[0]], b.p1[eb[1]]};
      decide(q, "a.e" + std::to_string(ea[0]) + "-" + std::to_string(ea[1]) + "/b.e" +
                    std::to_string(eb[0]) + "-" + std::to_string(eb[1]));
    }
  return out;
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
    }
    return out;
  };
  return {body(query.a), body(query.b)};
}

}  // namespace touchstone
