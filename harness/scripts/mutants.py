"""The mutation catalogue of the verification core (docs/mutation.md; run by mutate.sh).

Each mutant is one small, plausible bug in a verifier, an exact reference or compare: named by
what it breaks, located by an exact source snippet (`find`, which must occur exactly once in the
file, so the catalogue follows the code as it moves; a snippet that no longer matches is reported
`stale`) and its replacement. Every replacement must still compile with warnings as errors.
TESTS maps each mutated file to the test executables that cover it: the runner rebuilds and runs
only those (a mutant may name its own with `tests`).
"""
from dataclasses import dataclass
from typing import Tuple


@dataclass(frozen=True)
class Mutant:
    name: str
    file: str
    find: str
    replace: str
    tests: Tuple[str, ...] = ()
    # Non-empty: why no test can kill it (the bug cannot change any result that can be observed,
    # e.g. a later check always catches what it lets through). Listed, not run.
    equivalent: str = ""


# Test executables (tests/<kind>/<name>.cpp) per mutated file.
_PROXIMITY_VERIFIER = ("proximity_verifier_test", "feature_check_test", "proximity_runner_test",
                       "proximity_conformance_check_test", "low_dimensional_test")
_REFERENCE = ("certified_reference_test", "reference_test", "low_dimensional_test",
              "feature_check_test", "proximity_verifier_test", "vclip_test")
_REGIONS = ("region_verifier_test", "region_runner_test", "bsp_test", "region_families_test")
_REGION_REFERENCE = ("exact_regions_test", "exact_regions_intersect_test",
                     "region_verifier_test", "region_runner_test")
_FORCES = ("force_verifier_test", "force_conformance_test", "force_reference_test")
_LCP = ("exact_lcp_test", "force_reference_test", "force_verifier_test", "force_conformance_test")
TESTS = {
    "harness/proximity/verifier.cpp": _PROXIMITY_VERIFIER,
    "harness/regions/verifier.cpp": _REGIONS,
    "harness/regions/normals.cpp": _REGIONS,
    "harness/regions/point_sets.cpp": _REGIONS,
    "harness/forces/verifier.cpp": _FORCES,
    "harness/common/verdict.cpp": ("proximity_verifier_test", "region_verifier_test",
                                   "force_verifier_test"),
    "harness/compare/compare.cpp": ("compare_test", "compare_runs_test"),
    "harness/compare/table.cpp": ("compare_test", "compare_runs_test"),
    "reference/certified_interior.cpp": _REFERENCE,
    "reference/certified_depth.cpp": _REFERENCE,
    "reference/certified_proximity.cpp": _REFERENCE,
    "reference/exact_proximity.cpp": _REFERENCE,
    "reference/exact_relation.cpp": _REFERENCE,
    "reference/exact_regions.cpp": _REGION_REFERENCE,
    "reference/exact_regions_intersect.cpp": _REGION_REFERENCE,
    "reference/exact_lcp.cpp": _LCP,
}

PV = "harness/proximity/verifier.cpp"
RV = "harness/regions/verifier.cpp"
FV = "harness/forces/verifier.cpp"
CMP = "harness/compare/compare.cpp"

MUTANTS = [
    # ---- proximity verifier
    Mutant("prox-penetrating-margin-zero", PV,
           "? exact.depth.value_or(std::numeric_limits<double>::infinity())", "? 0.0"),
    Mutant("prox-relation-mismatch-never-fails", PV,
           "c.verdict = in_band ? Verdict::ambiguous : Verdict::fail;",
           "c.verdict = Verdict::ambiguous;"),
    Mutant("prox-band-ignores-margin", PV,
           "const bool in_band = margin <= band && neighbouring;",
           "const bool in_band = neighbouring;"),
    Mutant("prox-band-ignores-claimed-side", PV,
           "result.relation == Relation::touching || claimed <= band);",
           "result.relation == Relation::touching || claimed >= 0);"),
    Mutant("prox-distance-tolerance-1000x", PV,
           'numeric_check("distance", std::abs(*result.distance - expected), t.distance)',
           'numeric_check("distance", std::abs(*result.distance - expected), 1000 * t.distance)'),
    Mutant("prox-nan-error-passes", PV,
           "if (!std::isfinite(error) || error > tolerance) {", "if (error > tolerance) {"),
    Mutant("prox-witness-gap-unchecked", PV,
           'numeric_check("witness_gap", std::abs(gap - exact.distance), t.witness_gap)',
           'numeric_check("witness_gap", 0.0 * gap, t.witness_gap)'),
    Mutant("prox-witness-a-unchecked", PV,
           'numeric_check("witness_a", std::sqrt(*input.witness_a_distance_sq), t.witness)',
           'numeric_check("witness_a", 0.0, t.witness)'),
    Mutant("prox-depth-error-signed", PV,
           "std::abs(*result.penetration_depth - *exact.depth), t.depth)",
           "*result.penetration_depth - *exact.depth, t.depth)"),
    Mutant("prox-missing-depth-passes", PV,
           'out.checks.push_back({"depth", Verdict::fail, 0, 0, "declared but not returned"});',
           'out.checks.push_back({"depth", Verdict::pass, 0, 0, "declared but not returned"});'),
    Mutant("prox-features-not-closest-pass", PV,
           "} else if (features->comparison == 0) {", "} else if (features->comparison >= 0) {"),
    Mutant("prox-features-mismatch-never-fails", PV,
           'CheckResult c{"features", in_band ? Verdict::ambiguous : Verdict::fail,',
           'CheckResult c{"features", Verdict::ambiguous,'),
    Mutant("prox-band-1e6x-wider", PV,
           "tol.depth_relative * L, tol.band_relative * L};",
           "tol.depth_relative * L, tol.band_relative * L * 1e6};"),
    Mutant("prox-witness-rounding-dropped", PV,
           "return {tol.distance_relative * L, tol.witness_relative * L + rounding,",
           "return {tol.distance_relative * L, tol.witness_relative * L,"),
    # ---- shared verdict
    Mutant("verdict-ambiguous-before-fail", "harness/common/verdict.cpp",
           "for (const Verdict worst : {Verdict::fail, Verdict::ambiguous})",
           "for (const Verdict worst : {Verdict::ambiguous, Verdict::fail})"),
    # ---- contact-region verifier
    Mutant("regions-points-tolerance-1000x", RV,
           "if (!(best_h <= x.tau)) {", "if (!(best_h <= 1000 * x.tau)) {"),
    Mutant("regions-dimension-unchecked", RV,
           "if (c.dimension() != e.dimension) {", "if (c.dimension() < e.dimension - 5) {"),
    Mutant("regions-missing-region-passes", RV,
           'f.add("missing region", Verdict::fail,', 'f.add("missing region", Verdict::pass,'),
    Mutant("regions-extra-region-ambiguous", RV,
           'f.add("extra region", Verdict::fail, who);',
           'f.add("extra region", Verdict::ambiguous, who);'),
    Mutant("regions-extra-region-band-unbounded", RV,
           "if (gap && *gap <= x.tau)", "if (gap)"),
    Mutant("regions-separated-band-unbounded", RV,
           "const bool ambiguous = band && r.relation == Relation::touching;",
           "const bool ambiguous = r.relation == Relation::touching;"),
    Mutant("regions-deep-penetration-ambiguous", RV,
           "shallow && r.relation == Relation::touching ? Verdict::ambiguous : Verdict::fail,",
           "r.relation == Relation::touching ? Verdict::ambiguous : Verdict::fail,"),
    Mutant("regions-touching-mismatch-ambiguous", RV,
           'f.add("relation", Verdict::fail, said(r.relation) + ", exact pair touching");',
           'f.add("relation", Verdict::ambiguous, said(r.relation) + ", exact pair touching");'),
    Mutant("regions-normal-cone-unchecked", RV,
           "    if (!normal_in_cone(n, e.cone, x.tol.normal))\n",
           "    if (!normal_in_cone(n, e.cone, 10.0))\n"),
    Mutant("regions-normal-pieces-one-short", RV,
           "if (hit < needed)", "if (hit < needed - 1)"),
    Mutant("regions-normal-count-one-more", RV,
           "if (static_cast<int>(c.normals.size()) > room)",
           "if (static_cast<int>(c.normals.size()) > room + 1)"),
    Mutant("regions-point-off-contact-1000x", RV,
           "if (!(nearest <= x.tau)) {", "if (!(nearest <= 1000 * x.tau)) {"),
    Mutant("regions-undeclared-subset-passes", RV,
           "if (whole ? !x.caps.intersection_set : !x.caps.sufficient_set)",
           "if (whole ? false : !x.caps.sufficient_set)"),
    Mutant("regions-nan-passes", RV,
           'v.checks.push_back({"finite", Verdict::fail, 0, 0, "output contains NaN or infinity"});',
           'v.checks.push_back({"finite", Verdict::pass, 0, 0, "output contains NaN or infinity"});'),
    Mutant("regions-normal-length-unchecked", RV,
           "if (off > allowed)", "if (off > 1000 * allowed)"),
    Mutant("regions-persistence-unchecked", RV, "if (!kept)", "if (!kept && false)"),
    Mutant("regions-hausdorff-one-sided", "harness/regions/point_sets.cpp",
           "  for (const Vec3& y : q) h = std::max(h, distance_to_point_set(y, p));\n", ""),
    Mutant("regions-cone-ignores-b-side", "harness/regions/normals.cpp",
           "    if (n.dot(g) > tol) return false;", "    if (n.dot(g) > 1e300) return false;"),
    # ---- force verifier
    Mutant("forces-cone-square-limit", FV,
           "std::hypot(full[3 * i + 1], full[3 * i + 2])",
           "std::max(std::abs(full[3 * i + 1]), std::abs(full[3 * i + 2]))"),
    Mutant("forces-friction-penetration-normal-rows-only", FV,
           "pen = std::max(pen, -a_full[3 * i]);",
           "pen = std::max(pen, -Eigen::VectorXd(p.A * f + p.b)[i]);"),
    Mutant("forces-friction-complementarity-normal-rows-only", FV,
           "comp = std::max(comp, scaled_product(f[i], F, a_full[3 * i], S));",
           "comp = std::max(comp, scaled_product(f[i], F, Eigen::VectorXd(p.A * f + p.b)[i], S));"),
    Mutant("forces-cone-unchecked", FV,
           'c.add("friction-cone", std::max(0.0, cone) / F,', 'c.add("friction-cone", 0.0 * cone,'),
    Mutant("forces-pulling-unchecked", FV,
           'c.add("pulling", std::max(0.0, -f.minCoeff()) / F,', 'c.add("pulling", 0.0,'),
    Mutant("forces-overflowing-scales-pass", FV,
           'c.note("scales", Verdict::ambiguous,', 'c.note("scales", Verdict::pass,'),
    Mutant("forces-lcp-complementarity-unchecked", FV,
           "comp = std::max(comp, scaled_product(f[i], F, a[i], S));", "comp = 0;"),
    Mutant("forces-unique-force-not-compared", FV,
           "if (solved && (exact->forces_unique || (caps.minimum_norm && exact->minimum_norm))) {",
           "if (solved && caps.minimum_norm && exact->minimum_norm) {"),
    Mutant("forces-conditioning-excuse-dropped", FV,
           "error <= tol.force_relative * kappa)", "error <= tol.force_relative * kappa && false)"),
    Mutant("forces-infeasible-ok-passes", FV,
           'c.note("feasibility", Verdict::fail,', 'c.note("feasibility", Verdict::pass,'),
    Mutant("forces-any-failure-accepted", FV,
           "  if (r.status == forces::SolveStatus::failed) {\n    if (infeasible) {",
           "  if (r.status == forces::SolveStatus::failed) {\n    if (true) {"),
    Mutant("forces-penetration-after-step-1000x", FV,
           "        tol.penetration_relative,\n",
           "        1000 * tol.penetration_relative,\n"),
    Mutant("forces-acceleration-unchecked", FV,
           'c.add("acceleration", max_abs(Eigen::VectorXd(a - exact->acceleration)) / S,',
           'c.add("acceleration", 0.0 * max_abs(Eigen::VectorXd(a - exact->acceleration)) / S,',
           equivalent="with A PSD the contact accelerations of every LCP solution are equal, so "
           "an answer within the residual tolerances is within the acceleration tolerance too"),
    Mutant("forces-position-mean-force-unchecked", FV,
           'c.add("mean-force-acceleration", max_abs(Eigen::VectorXd(a - exact->acceleration)) / S,',
           'c.add("mean-force-acceleration", 0.0 * max_abs(Eigen::VectorXd(a - exact->acceleration)) '
           '/ S,'),
    # ---- exact references
    Mutant("interior-tetrahedron-accepts-zero", "reference/certified_interior.cpp",
           "if (beta[i].sign() != d.sign()) return std::nullopt;",
           "if (beta[i].sign() != d.sign() && !beta[i].is_zero()) return std::nullopt;"),
    Mutant("depth-certificate-skips-b-side", "reference/certified_depth.cpp",
           "if (!(side_mask(ta, sa) & 4) && !(side_mask(tb, sb) & 1))",
           "if (!(side_mask(ta, sa) & 4))"),
    Mutant("depth-certificate-skips-a-side", "reference/certified_depth.cpp",
           "if (!(side_mask(ta, sa) & 4) && !(side_mask(tb, sb) & 1))",
           "if (!(side_mask(tb, sb) & 1))"),
    Mutant("depth-certificate-origin-on-face", "reference/certified_depth.cpp",
           "if (e.c.sign() != CGAL::POSITIVE) return {};",
           "if (e.c.sign() == CGAL::NEGATIVE) return {};",
           equivalent="a face through the origin is the nearest (depth 0) and then fails the "
           "support test, since the origin is strictly inside A − B"),
    Mutant("depth-certificate-degree-unchecked", "reference/certified_depth.cpp",
           "if (covering != 1) return {};", "if (covering < 1) return {};",
           equivalent="the floating-point EPA grows one star-shaped surface around the origin; "
           "no input reaches a surface wrapped twice"),
    Mutant("separation-certificate-skips-b-side", "reference/certified_proximity.cpp",
           "const bool b_holds = a_holds && !(side_mask(tb, sb) & 4);",
           "const bool b_holds = a_holds;"),
    Mutant("separation-certificate-skips-a-side", "reference/certified_proximity.cpp",
           "const bool a_holds = !(side_mask(ta, sa) & 1);",
           "const bool a_holds = side_mask(ta, sa) >= 0;"),
    Mutant("simplex-interior-accepts-zero", "reference/certified_proximity.cpp",
           "[](const NT& l) { return l.sign() == CGAL::POSITIVE; });",
           "[](const NT& l) { return l.sign() != CGAL::NEGATIVE; });"),
    Mutant("touching-plane-not-strict", "reference/certified_proximity.cpp",
           "if ((a_up || a_down) && strict)", "if ((a_up || a_down) && (strict || true))",
           equivalent="every vertex on the plane means A − B is flat, which touches by definition "
           "(exact_relation.cpp), so the answer is the same"),
    Mutant("projection-negative-weight-accepted", "reference/certified_proximity.cpp",
           "if (x.lambda[i].sign() == CGAL::NEGATIVE) return false;",
           "if (x.lambda[i].sign() == CGAL::NEGATIVE && false) return false;"),
    Mutant("relation-lp-infeasible-means-touching", "reference/exact_relation.cpp",
           "if (solution.is_infeasible()) return false;",
           "if (solution.is_infeasible()) return true;"),
    Mutant("relation-flatness-ignores-b", "reference/exact_relation.cpp",
           "  for (const XPoint& p : b)\n    if (offer(p - b.front())) return true;\n", ""),
    Mutant("exact-distance-zero-is-separated", "reference/exact_proximity.cpp",
           "if (d.num.sign() == CGAL::POSITIVE) {", "if (d.num.sign() != CGAL::NEGATIVE) {"),
    Mutant("exact-regions-shell-inside-ignored", "reference/exact_regions.cpp",
           "if (shell_inside(a, b, set.regions, true) || shell_inside(b, a, set.regions, false))",
           "if (shell_inside(a, b, set.regions, true) && false)"),
    Mutant("exact-regions-crossing-endpoint-counts", "reference/exact_regions_intersect.cpp",
           "if (!((d0 < 0 && d1 > 0) || (d0 > 0 && d1 < 0))) return {};",
           "if (!((d0 <= 0 && d1 >= 0) || (d0 >= 0 && d1 <= 0))) return {};"),
    Mutant("lcp-lemke-lexicographic-rule-dropped", "reference/exact_lcp.cpp",
           "for (int j = 0; cmp == 0 && j < n; ++j)", "for (int j = 0; cmp == 0 && j < 0; ++j)"),
    Mutant("lcp-ray-termination-always-infeasible", "reference/exact_lcp.cpp",
           "      if (psd) {\n        out.outcome = ExactLcp::Outcome::infeasible;",
           "      if (true) {\n        out.outcome = ExactLcp::Outcome::infeasible;"),
    Mutant("lcp-forces-always-unique", "reference/exact_lcp.cpp",
           "out.forces_unique = rank == static_cast<int>(active.size());",
           "out.forces_unique = rank >= 0;"),
    # ---- compare (the verdict-drop mutants are another change's: listed, judged as they stand)
    Mutant("compare-only-two-rank-drops-flagged", CMP,
           "return verdict_rank(next) < verdict_rank(base);",
           "return verdict_rank(next) < verdict_rank(base) - 1;"),
    Mutant("compare-removed-not-a-regression", CMP,
           'return row["flag"] == "correctness" || row["flag"] == "removed";',
           'return row["flag"] == "correctness";'),
    Mutant("compare-new-error-only-added", CMP,
           'row["flag"] = n->verdict == "error" ? "correctness" : "added";',
           'row["flag"] = "added";'),
    Mutant("compare-exit-ignores-correctness", "harness/compare/table.cpp",
           "      return correctness ? 1 : 0;", "      return 0;"),
    Mutant("compare-significance-ignored", CMP,
           "if (!ratio || !p || *p >= o.alpha) return", "if (!ratio || !p) return"),
    Mutant("compare-family-keeps-last-case-only", CMP,
           "g.correctness = g.correctness || correctness_flag(row);",
           "g.correctness = correctness_flag(row);"),
]
