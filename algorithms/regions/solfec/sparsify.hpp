// Contact sparsification of seed 001 ("Contact sparsification", Solfec's dom.c:sparsify_contacts),
// lines 1–5: a contact is deleted when its area is below minarea, or when an adjacent contact
// that is topologically adjacent to it has an area more than 1/threshold times its own, or when
// an adjacent contact lies closer than mindist.
//
// Reading of the seed's terms (it defines neither further): adjacency(c_i) is every other contact
// still kept, in input order (deleted contacts delete nothing); c_i and c_j are topologically
// adjacent when, on each body, their elements are the same element or share a face, and the
// element pairs differ. Defaults are dom.c's: threshold 0.01, minarea 0, mindist = the geometric
// epsilon (1e-6).
#pragma once

#include <functional>
#include <span>
#include <vector>

#include "algorithms/geometry/pose.hpp"

namespace touchstone::solfec {

struct SparseContact {
  Vec3 point = Vec3::Zero();
  double area = 0.0;
  int element_a = -1, element_b = -1;  // the generating elements of body A and of body B
};

struct SparsifyOptions {
  double threshold = 0.01;
  double minarea = 0.0;
  double mindist = 1e-6;
};

// Whether two elements of one body share a face (never asked for equal elements).
using ShareFace = std::function<bool(int, int)>;

// Which contacts are kept (true) after lines 1–5.
std::vector<bool> sparsify(std::span<const SparseContact> contacts, const ShareFace& share_a,
                           const ShareFace& share_b, const SparsifyOptions& options = {});

}  // namespace touchstone::solfec
