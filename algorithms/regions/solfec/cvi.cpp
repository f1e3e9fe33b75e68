// Steps 4–10 of seed 001 "Calculating volumetric intersection": see cvi.hpp.
#include "algorithms/regions/solfec/cvi.hpp"

#include <Eigen/LU>
#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <limits>
#include <memory>
#include <optional>
#include <utility>

extern "C" {
#include <libqhull_r/qhull_ra.h>
}

namespace touchstone::solfec {
namespace {

using Clock = std::chrono::steady_clock;

double ns_since(Clock::time_point t0) {
  return std::chrono::duration<double, std::nano>(Clock::now() - t0).count();
}

double min_slack(std::span<const Plane> planes, const Vec3& x, int* which = nullptr) {
  double best = std::numeric_limits<double>::infinity();
  for (std::size_t i = 0; i < planes.size(); ++i) {
    const double s = planes[i].offset - planes[i].normal.dot(x);
    if (s < best) {
      best = s;
      if (which) *which = static_cast<int>(i);
    }
  }
  return best;
}

// The t ≥ 0 maximizing F(t) = min_i (s_i − c_i t), c_i = n_i·g: F is concave and piecewise
// linear, so walk its lower envelope from t = 0 until the active line stops rising.
double best_step(std::span<const Plane> planes, const Vec3& x, const Vec3& g) {
  const std::size_t m = planes.size();
  double t = 0.0;
  int k = -1;
  double fk = std::numeric_limits<double>::infinity(), ck = 0.0;
  for (std::size_t i = 0; i < m; ++i) {
    const double s = planes[i].offset - planes[i].normal.dot(x);
    const double c = planes[i].normal.dot(g);
    if (s < fk || (s == fk && c > ck)) k = static_cast<int>(i), fk = s, ck = c;
  }
  for (std::size_t guard = 0; guard <= m && ck < 0.0; ++guard) {
    // The active line rises (slope −c_k > 0): the first falling line to cross it ends the rise.
    double t_next = std::numeric_limits<double>::infinity();
    int next = -1;
    for (std::size_t i = 0; i < m; ++i) {
      const double c = planes[i].normal.dot(g);
      if (c <= ck) continue;
      const double s = planes[i].offset - planes[i].normal.dot(x);
      const double meet = (s - fk - ck * t) / (c - ck);  // where line i meets line k
      if (meet >= t && meet < t_next) t_next = meet, next = static_cast<int>(i);
    }
    if (next < 0) return t;  // unbounded rise cannot happen for a bounded intersection
    fk = fk - ck * (t_next - t);
    t = t_next;
    k = next;
    ck = planes[static_cast<std::size_t>(k)].normal.dot(g);
  }
  return t;
}

// The point of least norm in the affine hull of p[0..K), solved with its weights w (the KKT
// system [p_r·p_c 1; 1 0] [w; λ] = [0; 1]); false when a weight is negative (not a face point).
// Fixed sizes: no allocation, the same full-pivoting LU for every subset size.
template <int K>
bool affine_least_norm(const std::array<Vec3, 3>& p, Vec3& v) {
  Eigen::Matrix<double, K + 1, K + 1> m = Eigen::Matrix<double, K + 1, K + 1>::Zero();
  Eigen::Matrix<double, K + 1, 1> rhs = Eigen::Matrix<double, K + 1, 1>::Zero();
  for (int r = 0; r < K; ++r) {
    for (int c = 0; c < K; ++c)
      m(r, c) = p[static_cast<std::size_t>(r)].dot(p[static_cast<std::size_t>(c)]);
    m(r, K) = 1.0;
    m(K, r) = 1.0;
  }
  rhs(K) = 1.0;
  const Eigen::Matrix<double, K + 1, 1> w = m.fullPivLu().solve(rhs);
  v = Vec3::Zero();
  for (int r = 0; r < K; ++r) {
    if (!(w(r) >= -1e-12)) return false;
    v += w(r) * p[static_cast<std::size_t>(r)];
  }
  return true;
}

// The point of least norm in the convex hull of `points` (unit vectors), normalized, or nullopt
// when the hull holds the origin (within rounding). In 3D it lies in a face spanned by at most
// three points (Carathéodory): each subset of one to three points is solved on its affine hull
// and kept when its weights are non-negative and no point lies below it (v·p ≥ |v|²).
std::optional<Vec3> least_norm_direction(const std::vector<Vec3>& points) {
  const std::size_t n = std::min<std::size_t>(points.size(), 12);
  std::optional<Vec3> best;
  double best_norm = std::numeric_limits<double>::infinity();
  std::array<Vec3, 3> p;
  auto keep = [&](bool solved, const Vec3& v) {
    if (!solved) return;
    const double vv = v.squaredNorm();
    if (!std::isfinite(vv) || vv >= best_norm) return;
    for (std::size_t j = 0; j < n; ++j)
      if (points[j].dot(v) < vv - 1e-12) return;  // a point below: not the hull's nearest
    best_norm = vv;
    best = v;
  };
  Vec3 v;
  for (std::size_t a = 0; a < n; ++a) {
    p[0] = points[a];
    keep(affine_least_norm<1>(p, v), v);
    for (std::size_t b = a + 1; b < n; ++b) {
      p[1] = points[b];
      keep(affine_least_norm<2>(p, v), v);
      for (std::size_t c = b + 1; c < n; ++c) {
        p[2] = points[c];
        keep(affine_least_norm<3>(p, v), v);
      }
    }
  }
  if (!best || !(best_norm > 1e-20)) return std::nullopt;
  return *best / std::sqrt(best_norm);
}

// qhull's messages go nowhere: a failure is reported through its exit code.
FILE* quiet_file() {
  static FILE* const f = std::fopen("/dev/null", "w");
  return f;
}

// One qhull context per thread, kept across queries: qh_new_qhull reuses the short-memory
// allocator of an earlier run when it is still set up (qh.qhmem.ferr), and qh_freeqhull(qh_ALL)
// returns every facet, ridge and vertex to its free lists, so a query skips qh_zero, the
// allocator's tables and buffers and their release. After a qhull error the context is rebuilt.
class Qhull {
 public:
  Qhull() { qh_zero(&qh_qh_, quiet_file()); }
  ~Qhull() { release(); }
  Qhull(const Qhull&) = delete;
  Qhull& operator=(const Qhull&) = delete;
  qhT* get() { return &qh_qh_; }
  FILE* errfile() const { return quiet_file(); }
  // After each run: the hull is freed, the allocator kept (or rebuilt after an error).
  void finish(bool failed) {
    if (!failed) {
      qh_freeqhull(&qh_qh_, qh_ALL);
      return;
    }
    release();
    qh_zero(&qh_qh_, quiet_file());
  }

 private:
  void release() {
    qh_freeqhull(&qh_qh_, !qh_ALL);
    int curlong = 0, totlong = 0;
    qh_memfreeshort(&qh_qh_, &curlong, &totlong);
  }
  qhT qh_qh_;
};

Qhull& thread_qhull() {
  thread_local const std::unique_ptr<Qhull> hull = std::make_unique<Qhull>();
  return *hull;
}

// Frees the run's hull on every way out of convex_intersection.
struct HullRun {
  Qhull& hull;
  bool failed = false;
  ~HullRun() { hull.finish(failed); }
};

// The polar vertices around plane i's face, counter-clockwise about its outward normal.
// `keyed` is scratch space kept by the caller.
void order_face(const Vec3& normal, const std::vector<Vec3>& polar, std::span<int> ids,
                std::vector<std::pair<double, int>>& keyed) {
  Vec3 c = Vec3::Zero();
  for (int f : ids) c += polar[static_cast<std::size_t>(f)];
  c /= static_cast<double>(ids.size());
  const Vec3 u = normal.unitOrthogonal();
  const Vec3 v = normal.cross(u);
  keyed.clear();
  for (int f : ids) {
    const Vec3 d = polar[static_cast<std::size_t>(f)] - c;
    keyed.emplace_back(std::atan2(d.dot(v), d.dot(u)), f);
  }
  std::sort(keyed.begin(), keyed.end());
  for (std::size_t k = 0; k < ids.size(); ++k) ids[k] = keyed[k].second;
}

}  // namespace

double refine_point(std::span<const Plane> planes, Vec3& x, double size) {
  double best = min_slack(planes, x);
  std::vector<Vec3> active;
  for (int iteration = 0; iteration < 64; ++iteration) {
    // Ascent direction: the point of least norm in the hull of the inward normals of the planes
    // within a band of the smallest slack; every such slack grows along it. Zero: x maximizes
    // the smallest slack (the near-active normals balance).
    // The band's floor covers the slacks' rounding, which grows with |x| (shapes far from the
    // origin): a plane missed by it stops the ascent at once.
    const double noise = 1e-12 * (size + x.cwiseAbs().maxCoeff());
    const double band = std::max(1e-3 * std::abs(best), noise);
    active.clear();
    for (const Plane& p : planes)
      if (p.offset - p.normal.dot(x) <= best + band) active.push_back(-p.normal);
    const std::optional<Vec3> g = least_norm_direction(active);
    if (!g) break;
    const double t = best_step(planes, x, *g);
    if (!(t > 0.0) || !std::isfinite(t)) break;
    const Vec3 y = x + t * *g;
    const double s = min_slack(planes, y);
    if (!(s > best + 1e-9 * std::max(std::abs(best), noise))) break;
    x = y;
    best = s;
  }
  return best;
}

CviResult convex_intersection(const CviInput& in, CviTimes* times) {
  CviResult out;
  const std::span<const Plane> planes = in.planes;
  const int m = static_cast<int>(planes.size());
  if (m < 4 || in.planes_a < 1 || in.planes_a >= m) {
    out.reason = "fewer than four planes";
    return out;
  }
  const double size = (in.extent_max - in.extent_min).norm();
  auto t0 = Clock::now();
  // Step 4.
  out.x = in.x;
  out.depth = refine_point(planes, out.x, std::max(size, 1e-300));
  if (times) times->refine += ns_since(t0);
  if (!(out.depth > in.epsilon)) {
    out.status = CviResult::Status::thin;
    out.reason = "no point deeper than the geometric epsilon inside both (" +
                 std::to_string(out.depth) + ")";
    return out;
  }
  // Steps 5–6: dual points q_i = n_i / s_i.
  std::vector<double> q(static_cast<std::size_t>(3 * m));
  for (int i = 0; i < m; ++i) {
    const Plane& p = planes[static_cast<std::size_t>(i)];
    const double s = p.offset - p.normal.dot(out.x);
    for (int k = 0; k < 3; ++k) q[static_cast<std::size_t>(3 * i + k)] = p.normal[k] / s;
  }
  // Step 7.
  t0 = Clock::now();
  Qhull& hull = thread_qhull();
  qhT* qh = hull.get();
  char flags[] = "qhull";
  const int code = qh_new_qhull(qh, 3, m, q.data(), False, flags, nullptr, hull.errfile());
  HullRun run{hull, code != 0};
  if (times) times->qhull += ns_since(t0);
  if (code != 0) {
    out.reason = "qhull failed on the dual points (exit code " + std::to_string(code) + ")";
    return out;
  }
  // Step 8: each facet is a vertex of A ∩ B; each hull vertex (plane) collects its facets, kept
  // as (plane, facet) incidences and grouped by plane in facet order.
  t0 = Clock::now();
  std::vector<Vec3>& polar = out.vertices;
  polar.reserve(static_cast<std::size_t>(qh->num_facets));
  std::vector<std::pair<int, int>> incidences;
  incidences.reserve(static_cast<std::size_t>(3 * qh->num_facets));
  std::vector<int> start(static_cast<std::size_t>(m + 1), 0);
  facetT* facet = nullptr;
  vertexT* vertex = nullptr;
  vertexT** vertexp = nullptr;
  FORALLfacets {
    const double o = -facet->offset;
    const Vec3 h(facet->normal[0], facet->normal[1], facet->normal[2]);
    if (!(o > 0.0) || !std::isfinite(o)) {
      out.reason =
          "the polar hull does not enclose the origin (facet offset " + std::to_string(-o) + ")";
      polar.clear();
      return out;
    }
    const int id = static_cast<int>(polar.size());
    polar.push_back(h / o);
    FOREACHvertex_(facet->vertices) {
      const int pid = qh_pointid(qh, vertex->point);
      if (pid < 0 || pid >= m) {
        out.reason = "qhull returned an unknown point";
        polar.clear();
        return out;
      }
      incidences.emplace_back(pid, id);
      ++start[static_cast<std::size_t>(pid + 1)];
    }
  }
  for (int i = 0; i < m; ++i)
    start[static_cast<std::size_t>(i + 1)] += start[static_cast<std::size_t>(i)];
  std::vector<int> around(incidences.size());
  {
    std::vector<int> next(start.begin(), start.end() - 1);
    for (const auto& [pid, id] : incidences)
      around[static_cast<std::size_t>(next[static_cast<std::size_t>(pid)]++)] = id;
  }
  // Step 9: back to input coordinates, faces in order, fans labelled by plane.
  const double slack = in.epsilon + 1e-9 * size;
  for (Vec3& y : polar) {
    y += out.x;
    for (int k = 0; k < 3; ++k)
      if (!(y[k] >= in.extent_min[k] - slack && y[k] <= in.extent_max[k] + slack)) {
        out.reason = "CVI has gone insane: an intersection vertex outside the vertex extents";
        polar.clear();
        return out;
      }
  }
  out.triangles.reserve(incidences.size());
  std::vector<std::pair<double, int>> keyed;
  for (int i = 0; i < m; ++i) {
    const std::span<int> ids(around.data() + start[static_cast<std::size_t>(i)],
                             around.data() + start[static_cast<std::size_t>(i + 1)]);
    if (ids.size() < 3) continue;
    order_face(planes[static_cast<std::size_t>(i)].normal, polar, ids, keyed);
    for (std::size_t k = 1; k + 1 < ids.size(); ++k)
      out.triangles.push_back(
          {{polar[static_cast<std::size_t>(ids[0])], polar[static_cast<std::size_t>(ids[k])],
            polar[static_cast<std::size_t>(ids[k + 1])]},
           i});
  }
  if (times) times->polar += ns_since(t0);
  if (out.triangles.empty()) {
    out.reason = "the polar set has no faces";
    return out;
  }
  out.status = CviResult::Status::ok;
  return out;
}

}  // namespace touchstone::solfec
