// `touchstone regions-paper` (see paper.hpp).
#include "harness/regions/paper.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <map>
#include <memory>
#include <numbers>
#include <string>
#include <vector>

#include "algorithms/regions/brepindex/brepindex.hpp"
#include "cases/region_families.hpp"
#include "cases/scalable_shapes.hpp"
#include "harness/common/case_shapes.hpp"
#include "harness/common/timing.hpp"
#include "harness/regions/normals.hpp"
#include "reference/exact_regions.hpp"

namespace touchstone {
namespace {

using nlohmann::json;

std::string fixed(double x, int digits) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", digits, x);
  return buf;
}

json vec_json(const Vec3& v) { return json::array({v.x(), v.y(), v.z()}); }

// (a) seed 000 §4.2: "If a solid is convex, we can always construct a Brep-index of size v + e + f
// ... a tetrahedron ... has a tree with 14 internal nodes."
json tree_sizes() {
  json rows = json::array();
  for (const cases::NamedPoints& s : cases::paper_convex_solids()) {
    const Polytope p = Polytope::from_points(s.points);
    const long v = static_cast<long>(p.vertices().size()), e = static_cast<long>(p.edges().size()),
               f = static_cast<long>(p.faces().size());
    const brepindex::TreeStats support =
        brepindex::tree_stats(p, brepindex::CutPolicy::support_planes);
    const brepindex::TreeStats balanced = brepindex::tree_stats(p, brepindex::CutPolicy::balanced);
    rows.push_back({{"solid", s.name},
                    {"v", v},
                    {"e", e},
                    {"f", f},
                    {"v_plus_e_plus_f", v + e + f},
                    {"internal_nodes_support_planes", support.internal_nodes},
                    {"internal_nodes_balanced", balanced.internal_nodes},
                    {"paper", s.name == "tetrahedron" ? "14 (= v + e + f)" : "v + e + f"}});
  }
  return rows;
}

json stats_json(const brepindex::TreeStats& s) {
  return {{"internal_nodes", s.internal_nodes}, {"leaves", s.leaves},
          {"max_depth", s.max_depth},           {"average_depth", s.average_depth},
          {"max_depth_3d", s.max_depth_3d},     {"average_depth_3d", s.average_depth_3d}};
}

// (b) seed 000 §4.2: "a polyhedral sphere with 128 faces may have an MSP tree with maximum depth of
// 128 and average depth of 54 [support planes only] ... with initial cuts that are not support
// planes ... maximum depth drops to 19 and the average depth to 8."
json sphere_depths() {
  struct Sphere {
    std::string name;
    cases::Brep brep;
  };
  const std::vector<Sphere> spheres{{"uv-16x8", cases::uv_sphere(16, 8)},
                                    {"octasphere-2", cases::octasphere(2)}};
  json rows = json::array();
  for (const Sphere& s : spheres) {
    const Polytope p = Polytope::from_faces(s.brep.vertices, s.brep.faces);
    for (auto cuts : {brepindex::CutPolicy::support_planes, brepindex::CutPolicy::balanced}) {
      const bool support = cuts == brepindex::CutPolicy::support_planes;
      json row = stats_json(brepindex::tree_stats(p, cuts));
      row["sphere"] = s.name;
      row["faces"] = p.faces().size();
      row["vertices"] = p.vertices().size();
      row["cuts"] = support ? "support-planes" : "balanced";
      row["paper_max_depth"] = support ? 128 : 19;
      row["paper_average_depth"] = support ? 54 : 8;
      rows.push_back(row);
    }
  }
  return rows;
}

struct SequenceTiming {
  double ns = 0;  // sum over the steps of the fastest query (the least disturbed by other load)
  std::vector<RegionResult> answers;
};

// Both algorithms answer every step in turn (each its own previous answer as 𝒞), `repetitions`
// timed queries each after an untimed one, alternating query by query so that the load of a shared
// machine falls on both alike.
std::array<SequenceTiming, 2> time_alternating(const std::array<const RegionAlgorithm*, 2>& algos,
                                               const Polytope& a, const Polytope& b,
                                               const std::vector<RegionStep>& steps,
                                               int repetitions) {
  std::array<SequenceTiming, 2> out;
  std::array<std::unique_ptr<PreparedShape>, 2> pa, pb;
  for (int i = 0; i < 2; ++i) pa[i] = algos[i]->prepare(a), pb[i] = algos[i]->prepare(b);
  for (std::size_t k = 0; k < steps.size(); ++k) {
    const RegionStep& s = steps[k];
    std::array<RegionResult, 2> last;
    std::array<std::vector<double>, 2> times;
    std::array<RegionQuery, 2> q;
    for (int i = 0; i < 2; ++i) {
      q[i] = {pa[i].get(), pb[i].get(), s.pose_a, s.pose_b, {}, s.velocity_a, s.velocity_b};
      if (k > 0) q[i].previous = out[i].answers[k - 1].regions;
      last[i] = algos[i]->query(q[i]);
    }
    for (int rep = 0; rep < repetitions; ++rep)
      for (int i = 0; i < 2; ++i) {
        const auto start = Clock::now();
        last[i] = algos[i]->query(q[i]);
        times[i].push_back(ns_since(start));
      }
    for (int i = 0; i < 2; ++i) {
      out[i].ns += *std::min_element(times[i].begin(), times[i].end());
      out[i].answers.push_back(std::move(last[i]));
    }
  }
  return out;
}

// Tree nodes visited over a sequence (RegionResult::iterations of regions-brepindex): the work
// culling saves, free of timing noise.
double nodes_visited(const std::vector<RegionResult>& answers) {
  double total = 0;
  for (const RegionResult& r : answers) total += r.iterations;
  return total;
}

// (c) seed 000 §4.1: "The culling technique can speed up the performance of the set-theoretic
// intersection operation by an average factor of two". The same coherent-motion cases (gap 0),
// every step's query timed with culling on and off; speedup = time without / time with.
json culling(const RegionPaperOptions& options) {
  const RegionFamily* family = find_region_family("coherent-motion");
  if (!family) throw std::runtime_error("no region family coherent-motion");
  const auto algo_with = brepindex::info().make();
  const auto algo_without = brepindex::info_without_culling().make();
  json rows = json::array();
  std::map<std::string, std::pair<double, int>> sums;      // "<pair>/<motion>" and "all"
  std::map<std::string, std::pair<double, double>> nodes;  // nodes visited, culling on / off
  for (int variant = 24; variant < 48; ++variant) {        // the 264-face pairs
    const RegionCase c = family->generate(options.seed, 11 * variant);  // gap 0
    const Polytope a = build_case_shape(c.a), b = build_case_shape(c.b);
    const auto [on, off] =
        time_alternating({algo_with.get(), algo_without.get()}, a, b, c.steps, options.repetitions);
    json row = {{"case", c.id},
                {"pair", c.origin.value("kind", "")},
                {"motion", c.origin.value("motion", "")},
                {"omega_degrees", c.origin.value("omega_degrees", 0.0)},
                {"faces", a.faces().size()},
                {"ns_culling", on.ns},
                {"ns_no_culling", off.ns},
                {"regions_culling", on.answers.back().regions.size()},
                {"regions_no_culling", off.answers.back().regions.size()},
                {"nodes_culling", nodes_visited(on.answers)},
                {"nodes_no_culling", nodes_visited(off.answers)}};
    std::string problem;
    for (const auto* m : {&on, &off})
      for (const RegionResult& r : m->answers)
        if (r.status != QueryStatus::ok && problem.empty())
          problem = std::string(to_string(r.status)) + ": " + r.reason;
    if (problem.empty() && on.ns > 0) {
      const double speedup = off.ns / on.ns;
      row["speedup"] = speedup;
      for (const std::string& key :
           {row["pair"].get<std::string>() + "/" + row["motion"].get<std::string>(),
            std::string("all")}) {
        sums[key].first += speedup;
        ++sums[key].second;
        nodes[key].first += row["nodes_culling"].get<double>();
        nodes[key].second += row["nodes_no_culling"].get<double>();
      }
    } else {
      row["problem"] = problem.empty() ? "no time measured" : problem;
    }
    rows.push_back(row);
  }
  json mean = json::object();
  for (const auto& [key, sc] : sums) mean[key] = sc.first / sc.second;
  json node_ratio = json::object();  // nodes without culling / nodes with, summed over the rows
  for (const auto& [key, on_off] : nodes)
    if (on_off.first > 0) node_ratio[key] = on_off.second / on_off.first;
  return {{"rows", rows},
          {"mean_speedup", mean},
          {"node_ratio", node_ratio},
          {"paper", "an average factor of two"},
          {"repetitions", options.repetitions}};
}

// The step-1 region on the left ridge (x = −4) whose entities are both edges, if any.
const ContactRegion* edge_on_edge(const RegionResult& r) {
  for (const ContactRegion& c : r.regions) {
    if (!c.a || !c.b || c.a->kind != FeatureKind::edge || c.b->kind != FeatureKind::edge) continue;
    if (c.points.size() == 2 && std::abs(c.points[0].x() + 4) < 1e-9 &&
        std::abs(c.points[1].x() + 4) < 1e-9)
      return &c;
  }
  return nullptr;
}

json normals_json(const ContactRegion* r, const Vec3& velocity) {
  if (!r) return {{"found", false}};
  json normals = json::array();
  for (const Vec3& n : r->normals)
    normals.push_back({{"normal", vec_json(n)},
                       {"dot_velocity", n.dot(velocity)},
                       {"degrees_from_bottom_face_normal",
                        std::acos(std::clamp(n.z(), -1.0, 1.0)) * 180 / std::numbers::pi}});
  return {{"found", true}, {"normals", normals}};
}

// (d) seed 000 Fig. 8 and condition (7): the block's edge-on-edge region at t keeps the normal of
// the edge-on-face region at t − Δt (the bottom face's, (0, 0, 1) from the support into the
// block) when the previous contacts are passed; computed from local geometry without them.
//
// Why no algorithm here can show the paper's Fig. 8(c) normal: the exact cone of valid normals of
// that edge-on-edge region (reference/exact_regions.hpp) is checked for the velocity-opposing
// normal (−1, 0, 0), the bottom face's (0, 0, 1), the right flank's extreme (2, 0, 1)/√5 of our
// knife-edge fingers, +x, and each algorithm's normal without coherence.
json figure8_cone(const Polytope& a, const Polytope& b, const RegionStep& step, const Vec3& v,
                  const json& rows) {
  const ExactRegions exact = exact_regions(a, step.pose_a, b, step.pose_b);
  const ExactRegion* region = nullptr;
  for (const ExactRegion& e : exact.regions)
    if (e.a.kind == FeatureKind::edge && e.b.kind == FeatureKind::edge && e.points.size() == 2 &&
        std::abs(e.points[0].x() + 4) < 1e-9 && std::abs(e.points[1].x() + 4) < 1e-9)
      region = &e;
  if (!region) return {{"found", false}};
  std::vector<std::pair<std::string, Vec3>> candidates = {
      {"opposing the velocity", Vec3(-1, 0, 0)},
      {"bottom face normal", Vec3(0, 0, 1)},
      {"right flank extreme", Vec3(2, 0, 1).normalized()},
      {"along the velocity", Vec3(1, 0, 0)}};
  for (const json& r : rows)
    if (r["without_coherence"].value("found", false))
      for (const json& n : r["without_coherence"]["normals"])
        candidates.push_back({r["algorithm"].get<std::string>() + " without coherence",
                              Vec3(n["normal"][0], n["normal"][1], n["normal"][2])});
  json out = json::array();
  for (const auto& [name, n] : candidates)
    out.push_back({{"name", name},
                   {"normal", vec_json(n)},
                   {"dot_velocity", n.dot(v)},
                   {"in_exact_cone", normal_in_cone(n, region->cone, 1e-9)}});
  return {{"found", true}, {"candidates", out}};
}

json figure8() {
  const RegionCase c = figure8_case();
  const Polytope a = build_case_shape(c.a), b = build_case_shape(c.b);
  const Vec3 velocity = c.steps[1].velocity_a->linear;
  json rows = json::array();
  for (const RegionAlgorithmInfo& info : RegionRegistry::builtin().all()) {
    if (!info.capabilities.normals || !info.capabilities.entities) continue;
    const auto algo = info.make();
    const auto pa = algo->prepare(a), pb = algo->prepare(b);
    auto query = [&](std::size_t k, std::span<const ContactRegion> previous) {
      const RegionStep& s = c.steps[k];
      RegionQuery q{pa.get(), pb.get(), s.pose_a, s.pose_b, previous, s.velocity_a, s.velocity_b};
      return algo->query(q);
    };
    const RegionResult before = query(0, {});
    const RegionResult coherent = query(1, before.regions);
    const RegionResult fresh = query(1, {});
    json row = {{"algorithm", info.name},
                {"declares_temporal_coherence", info.capabilities.temporal_coherence},
                {"with_coherence", normals_json(edge_on_edge(coherent), velocity)},
                {"without_coherence", normals_json(edge_on_edge(fresh), velocity)}};
    for (const auto* r : {&before, &coherent, &fresh})
      if (r->status != QueryStatus::ok)
        row["problem"] = std::string(to_string(r->status)) + ": " + r->reason;
    rows.push_back(row);
  }
  return {{"rows", rows},
          {"velocity", vec_json(velocity)},
          {"exact_cone", figure8_cone(a, b, c.steps[1], velocity, rows)},
          {"paper_with_coherence", "keeps the bottom face's normal (0, 0, 1)"},
          {"paper_without_coherence", "opposes the velocity: (-1, 0, 0)"}};
}

void print_tree_sizes(const json& rows, std::ostream& out) {
  out << "(a) Brep-index internal nodes of convex solids (seed 000 §4.2)\n";
  out << "  solid             v     e     f   v+e+f   ours:support  ours:balanced  paper\n";
  for (const json& r : rows) {
    char line[200];
    std::snprintf(line, sizeof line, "  %-14s%5ld %5ld %5ld %7ld %14ld %14ld  %s\n",
                  r["solid"].get<std::string>().c_str(), r["v"].get<long>(), r["e"].get<long>(),
                  r["f"].get<long>(), r["v_plus_e_plus_f"].get<long>(),
                  r["internal_nodes_support_planes"].get<long>(),
                  r["internal_nodes_balanced"].get<long>(), r["paper"].get<std::string>().c_str());
    out << line;
  }
}

void print_sphere_depths(const json& rows, std::ostream& out) {
  out << "\n(b) 128-face sphere: MSP tree depth (seed 000 §4.2); depth = internal nodes on a\n"
         "    root-to-entity path (3d: counting only above/below descents)\n";
  out << "  sphere         cuts             max   avg    max3d  avg3d  nodes  leaves   paper "
         "max/avg\n";
  for (const json& r : rows) {
    char line[220];
    std::snprintf(line, sizeof line, "  %-14s %-15s %4d %6.1f %6d %6.1f %6ld %7ld   %d / %d\n",
                  r["sphere"].get<std::string>().c_str(), r["cuts"].get<std::string>().c_str(),
                  r["max_depth"].get<int>(), r["average_depth"].get<double>(),
                  r["max_depth_3d"].get<int>(), r["average_depth_3d"].get<double>(),
                  r["internal_nodes"].get<long>(), r["leaves"].get<long>(),
                  r["paper_max_depth"].get<int>(), r["paper_average_depth"].get<int>());
    out << line;
  }
}

void print_culling(const json& t, std::ostream& out) {
  out << "\n(c) back-face culling (seed 000 §4.1), coherent-motion cases at gap 0, "
      << t["repetitions"].get<int>()
      << " timed queries per step (alternating); time = sum over the 5 steps of the fastest\n";
  out << "  pair       motion    omega  faces  culling(us)  no culling(us)  speedup  nodes "
         "on/off       regions on/off\n";
  for (const json& r : t["rows"]) {
    char line[240];
    std::snprintf(
        line, sizeof line,
        "  %-10s %-8s %5.0f %6ld %12.1f %15.1f  %7s  %6.0f / %-6.0f  %zu / %zu%s\n",
        r["pair"].get<std::string>().c_str(), r["motion"].get<std::string>().c_str(),
        r["omega_degrees"].get<double>(), r["faces"].get<long>(),
        r["ns_culling"].get<double>() / 1e3, r["ns_no_culling"].get<double>() / 1e3,
        r.contains("speedup") ? fixed(r["speedup"].get<double>(), 2).c_str() : "-",
        r["nodes_culling"].get<double>(), r["nodes_no_culling"].get<double>(),
        r["regions_culling"].get<std::size_t>(), r["regions_no_culling"].get<std::size_t>(),
        r.contains("problem") ? ("  (" + r["problem"].get<std::string>() + ")").c_str() : "");
    out << line;
  }
  out << "  mean speedup:";
  for (const auto& [k, v] : t["mean_speedup"].items()) out << "  " << k << " " << fixed(v, 2);
  out << "\n  nodes visited without / with culling:";
  for (const auto& [k, v] : t["node_ratio"].items()) out << "  " << k << " " << fixed(v, 2);
  out << "   paper: " << t["paper"].get<std::string>() << "\n";
}

std::string describe_normals(const json& j) {
  if (!j["found"].get<bool>()) return "no edge-on-edge region on the left ridge";
  std::string s;
  for (const json& n : j["normals"]) {
    const json& v = n["normal"];
    s += "(" + fixed(v[0], 3) + ", " + fixed(v[1], 3) + ", " + fixed(v[2], 3) + ") n.v " +
         fixed(n["dot_velocity"], 3) + ", " + fixed(n["degrees_from_bottom_face_normal"], 1) +
         " deg from +z; ";
  }
  return s.empty() ? "no normal" : s;
}

void print_figure8(const json& t, std::ostream& out) {
  out << "\n(d) Fig. 8: block sliding (velocity +x) onto a two-finger support; normal of the "
         "collinear edge-on-edge region at t (from the support into the block)\n";
  for (const json& r : t["rows"]) {
    out << "  " << r["algorithm"].get<std::string>()
        << (r["declares_temporal_coherence"].get<bool>() ? "" : " (no temporal coherence)")
        << (r.contains("problem") ? "  [" + r["problem"].get<std::string>() + "]" : "") << "\n";
    out << "    with coherence:    " << describe_normals(r["with_coherence"]) << "\n";
    out << "    without coherence: " << describe_normals(r["without_coherence"]) << "\n";
  }
  out << "  paper: with coherence " << t["paper_with_coherence"].get<std::string>() << "; without, "
      << t["paper_without_coherence"].get<std::string>() << "\n";
  const json& cone = t["exact_cone"];
  if (!cone.value("found", false)) return;
  out << "  the exact cone of valid normals of this region (from the support into the block):\n";
  for (const json& n : cone["candidates"]) {
    const json& v = n["normal"];
    out << "    " << (n["in_exact_cone"].get<bool>() ? "in     " : "not in ") << "("
        << fixed(v[0], 3) << ", " << fixed(v[1], 3) << ", " << fixed(v[2], 3) << ") n.v "
        << fixed(n["dot_velocity"], 3) << "  " << n["name"].get<std::string>() << "\n";
  }
  out << "  every valid normal (support into block) has n.v >= 0 here, so none opposes v in our\n"
         "  convention. The paper's Fig. 8(c) normal, -x as the block's outward left-face normal, "
         "is\n"
         "  +x in ours ('along the velocity'): a valid normal only for fingers with vertical "
         "flanks\n"
         "  (ours slope at 63.4 deg). Without coherence ours is the bisector of the separating "
         "cone\n"
         "  (seed 000 §3: 'a single normal for a halfspace that separates the two').\n";
}

}  // namespace

json regions_paper_tables(const RegionPaperOptions& options) {
  json t = {{"tree_sizes", tree_sizes()}, {"sphere_depths", sphere_depths()}};
  if (options.culling) t["culling"] = culling(options);
  t["figure8"] = figure8();
  return t;
}

void print_regions_paper(const json& t, std::ostream& out) {
  print_tree_sizes(t["tree_sizes"], out);
  print_sphere_depths(t["sphere_depths"], out);
  if (t.contains("culling")) print_culling(t["culling"], out);
  print_figure8(t["figure8"], out);
}

CLI::App* add_regions_paper_command(CLI::App& app, RegionPaperCli& cli) {
  auto* cmd = app.add_subcommand(
      "regions-paper",
      "Seed 000 §4 reproduced beside the paper: Brep-index sizes and depths, back-face culling's "
      "speedup, Fig. 8's normals with and without temporal coherence");
  cmd->add_flag("--json", cli.json, "Print the tables as one JSON document");
  cmd->add_option("--repetitions", cli.options.repetitions,
                  "Timed queries per step for the culling speedup")
      ->capture_default_str()
      ->check(CLI::Range(1, 100000));
  cmd->add_option("--seed", cli.options.seed, "Seed of the coherent-motion cases")
      ->capture_default_str();
  cmd->add_flag("!--no-culling", cli.options.culling, "Leave out the (timed) culling table");
  return cmd;
}

int run_regions_paper_command(const RegionPaperCli& cli) {
  try {
    const json t = regions_paper_tables(cli.options);
    if (cli.json)
      std::cout << t.dump(1) << "\n";
    else
      print_regions_paper(t, std::cout);
    return 0;
  } catch (const std::exception& e) {
    std::cerr << "regions-paper: " << e.what() << "\n";
    return 1;
  }
}

}  // namespace touchstone
