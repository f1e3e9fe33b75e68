// regions-bsp: the boundary classification (see classify.hpp).
#include "algorithms/regions/bsp/classify.hpp"

#include <algorithm>
#include <tuple>

#include "algorithms/regions/bsp/pieces.hpp"

namespace touchstone::bsp {

bool Candidate::operator<(const Candidate& o) const {
  return std::tuple(face, entity.kind, entity.id) < std::tuple(o.face, o.entity.kind, o.entity.id);
}

namespace {

struct Step {
  const Plane* plane;
  double sign;  // +1: the cell lies in front of the plane, −1: behind it
  double tol;   // the node's ε + slack
};

bool box_meets(const Fragment& f, const Vec3& lo, const Vec3& hi, double tol) {
  return (f.lo.array() - tol <= hi.array()).all() && (lo.array() <= f.hi.array() + tol).all();
}

class Classifier {
 public:
  Classifier(const Tree& tree, double eps, double max_visits, Classification& out)
      : tree_(tree), eps_(eps), max_visits_(max_visits), out_(out) {}

  void visit(int code, const Piece& piece) {
    if (out_.failure) return;
    if (++out_.visits > max_visits_) {
      out_.failure = "BSP classification exceeded max_visits = " +
                     std::to_string(static_cast<long long>(max_visits_));
      return;
    }
    if (code == kOut) return;
    if (code == kIn) {
      if (!out_.penetrating) out_.penetrating = deep_inside(piece.points);
      return;
    }
    const Node& node = tree_.nodes[code];
    const double tol = eps_ + node.slack;
    bool front = false, back = false;
    for (const Vec3& p : piece.points) {
      const double h = node.plane.signed_distance(p);
      front = front || h > tol;
      back = back || h < -tol;
    }
    if (!front && !back) return on_plane(node, tol, piece);
    for (const Vec3& p : piece.points) {
      if (std::abs(node.plane.signed_distance(p)) > tol) continue;
      evidence_point(node, tol, p);
      if (piece.points.size() == 2) crossing_at(node, tol, piece.entity, p);  // a cut end
    }
    if (!back) return descend(node.front, node, 1.0, tol, piece);
    if (!front) return descend(node.back, node, -1.0, tol, piece);
    auto [ahead, behind] = split_polygon(piece.points, node.plane, tol);
    if (piece.points.size() == 2) crossing(node, tol, piece.entity, ahead, behind);
    descend(node.front, node, 1.0, tol, {piece.entity, std::move(ahead)});
    descend(node.back, node, -1.0, tol, {piece.entity, std::move(behind)});
  }

 private:
  void descend(int code, const Node& node, double sign, double tol, const Piece& piece) {
    path_.push_back({&node.plane, sign, tol});
    visit(code, piece);
    path_.pop_back();
  }

  void on_plane(const Node& node, double tol, const Piece& piece) {
    Vec3 lo = piece.points.front(), hi = lo;
    for (const Vec3& p : piece.points) lo = lo.cwiseMin(p), hi = hi.cwiseMax(p);
    for (const Fragment& f : node.on) {
      if (!box_meets(f, lo, hi, tol)) continue;
      out_.on.push_back({f.face, piece.entity});
      if (out_.touching || piece.points.size() > 2) continue;
      const double d = piece.points.size() == 1
                           ? polygon_distance(piece.points[0], f.polygon)
                           : segment_polygon_distance(piece.points[0], piece.points[1], f.polygon);
      out_.touching = d <= tol;
    }
    if (piece.points.size() > 2) return;
    descend(node.front, node, 1.0, tol, piece);
    descend(node.back, node, -1.0, tol, piece);
  }

  void evidence_point(const Node& node, double tol, const Vec3& p) {
    if (out_.touching) return;
    for (const Fragment& f : node.on)
      if (box_meets(f, p, p, tol) && polygon_distance(p, f.polygon) <= tol) {
        out_.touching = true;
        return;
      }
  }

  // A segment cut by the node's plane: the cut point is the end shared by both parts.
  void crossing(const Node& node, double tol, const Feature& edge, const std::vector<Vec3>& ahead,
                const std::vector<Vec3>& behind) {
    if (ahead.size() != 2 || behind.size() != 2) return;
    const Vec3 cut =
        (ahead[0] - behind[1]).norm() <= (ahead[1] - behind[0]).norm() ? ahead[0] : ahead[1];
    crossing_at(node, tol, edge, cut);
    evidence_point(node, tol, cut);
  }

  void crossing_at(const Node& node, double tol, const Feature& edge, const Vec3& p) {
    for (const Fragment& f : node.on)
      if (box_meets(f, p, p, tol)) out_.crossing.push_back({f.face, edge});
  }

  // Some vertex or the centroid more than ε (plus the node's slack) inside every plane of the
  // path, or, failing that cheap bound, with no fragment within ε of it (the ball query).
  bool deep_inside(const std::vector<Vec3>& points) {
    std::vector<Vec3> probes = points;
    if (points.size() > 1) {
      Vec3 c = Vec3::Zero();
      for (const Vec3& p : points) c += p;
      probes.push_back(c / static_cast<double>(points.size()));
    }
    for (const Vec3& p : probes) {
      if (std::all_of(path_.begin(), path_.end(),
                      [&](const Step& s) { return s.sign * s.plane->signed_distance(p) > s.tol; }))
        return true;
    }
    // A probe let in by the tolerance may lie outside the cell, and near a sharp corner of the
    // cell the tolerance band reaches far from the solid: only probes strictly inside every plane
    // of the path are asked.
    for (const Vec3& p : probes)
      if (std::all_of(path_.begin(), path_.end(),
                      [&](const Step& s) { return s.sign * s.plane->signed_distance(p) > 0; }) &&
          !boundary_within(tree_, p, eps_, out_.visits))
        return true;
    return false;
  }

  const Tree& tree_;
  double eps_, max_visits_;
  Classification& out_;
  std::vector<Step> path_;
};

void sort_unique(std::vector<Candidate>& v) {
  std::sort(v.begin(), v.end());
  v.erase(std::unique(v.begin(), v.end()), v.end());
}

}  // namespace

Classification classify(const Tree& tree, const std::vector<Piece>& pieces, double eps,
                        double max_visits) {
  Classification out;
  Classifier classifier(tree, eps, max_visits, out);
  for (const Piece& piece : pieces) classifier.visit(tree.root, piece);
  sort_unique(out.on);
  sort_unique(out.crossing);
  return out;
}

}  // namespace touchstone::bsp
