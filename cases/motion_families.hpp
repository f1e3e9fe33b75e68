// Motion families (DESIGN §6.1 "motion sequences"): deterministic generators
// (family, seed, index, ω) -> one motion case, on the shapes of the operation-count experiment of
// Mirtich's V-Clip report (TR97-05; seed 003 §2.4): a cube, an icosahedron, a disk with two
// 60-sided faces (10:1 aspect ratio) and a sphere of 642 vertices and 1280 faces. Shape B moves
// past shape A: each frame it turns ω degrees about its own axis and advances ω degrees along an
// orbit around A, so ω is the coherence parameter (0: no motion; 25: large steps).
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "cases/format/motion_case.hpp"

namespace touchstone {

struct MotionParams {
  double omega_degrees = 5.0;  // rotation per frame, 0..25 in the experiment
  int frames = 50;
};

struct MotionFamily {
  std::string name;  // e.g. "motion-cube"
  std::string description;
  int vertices = 0;  // vertex count of the shape (both shapes are the same solid)
  std::function<MotionCase(std::uint64_t seed, int index, const MotionParams& params)> generate;
};

const std::vector<MotionFamily>& motion_families();
const MotionFamily* find_motion_family(const std::string& name);
std::vector<const MotionFamily*> match_motion_families(const std::string& pattern);

// The shapes, as vertex lists whose convex hull is the solid. Circumradius 1 (the cube is
// [-1, 1]^3, circumradius √3, so that it is the 2-unit cube of the robustness experiment).
std::vector<Vec3> cube_vertices();
std::vector<Vec3> icosahedron_vertices();
std::vector<Vec3> disk_vertices(int sides = 60, double aspect = 10.0);
std::vector<Vec3> icosphere_vertices(int subdivisions = 3);

// sin and cos from +, -, *, / only, so generated geometry is bit-identical on every platform
// (libm's sin and cos are not required to be correctly rounded).
double portable_sin(double x);
double portable_cos(double x);
// Unit quaternion [w, x, y, z] for a turn of `radians` about `axis` (normalized here).
std::array<double, 4> axis_angle_quaternion(const Vec3& axis, double radians);
// q1 ∘ q2 (apply q2 first), normalized.
std::array<double, 4> quaternion_product(const std::array<double, 4>& q1,
                                         const std::array<double, 4>& q2);

}  // namespace touchstone
