// Mesh files (.off, .obj, .stl) as B-rep input: OFF and OBJ by our readers (an OBJ statement the
// reader does not know is skipped with a warning naming the line), STL by CGAL's. Vertices at
// exactly the same point (equal doubles) are welded into one with CGAL's polygon-soup repair, so a
// triangle soup whose faces carry their own copies of their corners loads. A triangulated
// source has its coplanar edge-adjacent triangles merged into polygon faces (exact coplanarity),
// so a cube from an STL file has six faces, not twelve. A merged face that would have a hole (a
// ring's cap) is kept as several simple polygons (the B-rep has no inner loops). An open,
// non-manifold, inconsistently oriented, degenerate or self-intersecting mesh is rejected with a
// MeshError naming the file and the defect.
//
// Merging (exact orientation predicates on the file's doubles): edge-adjacent faces whose vertices
// are exactly coplanar form a patch. A patch is grown face by face, in file order, while the union
// stays a disk (one boundary loop that visits no vertex twice); the pieces so grown are then merged
// pairwise under the same rule until none merges. A disk patch becomes one polygon (possibly
// non-convex, possibly with collinear vertices where a neighbouring face has a vertex); a patch
// with a hole (an annulus) cannot be one disk and stays two or more simple polygons.
#pragma once

#include <cstddef>
#include <filesystem>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "algorithms/geometry/pose.hpp"

namespace touchstone {

struct MeshError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct ImportedMesh {
  std::vector<Vec3> vertices;
  std::vector<std::vector<int>> faces;  // outward counter-clockwise polygons
  std::size_t source_faces = 0;         // faces in the file, before merging
  std::vector<std::string> warnings;    // skipped OBJ lines, welded vertices
};

// Reads, welds, validates and merges. Nothing else is repaired: any defect throws MeshError
// "<file>: <defect>: <detail>", the detail naming where (a line, a face, an edge, a vertex), the
// defect one of: unreadable, unknown extension, empty, degenerate face, isolated vertex, open,
// non-manifold edge, non-manifold vertex, inconsistent orientation, non-planar face, several
// components, self-intersecting, inward orientation.
ImportedMesh import_mesh(const std::filesystem::path& file);

// Merges the exactly coplanar edge-adjacent faces of a closed, 2-manifold, consistently oriented
// B-rep by the rule above (faces with holes stay split). Returns the new faces, in the order of
// their first source face.
std::vector<std::vector<int>> merge_coplanar_faces(std::span<const Vec3> vertices,
                                                   std::span<const std::vector<int>> faces);

// The indices of the faces whose vertices are not exactly coplanar in the given doubles, or that
// have no three non-collinear vertices (exact predicates). For checking generated B-reps.
std::vector<std::size_t> nonplanar_faces(std::span<const Vec3> vertices,
                                         std::span<const std::vector<int>> faces);

}  // namespace touchstone
