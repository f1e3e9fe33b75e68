// Contact sparsification (seed 001, "Contact sparsification", lines 1–5): see sparsify.hpp.
#include "algorithms/regions/solfec/sparsify.hpp"

namespace touchstone::solfec {

std::vector<bool> sparsify(std::span<const SparseContact> contacts, const ShareFace& share_a,
                           const ShareFace& share_b, const SparsifyOptions& options) {
  const std::size_t n = contacts.size();
  std::vector<bool> kept(n, true);
  auto near = [](int x, int y, const ShareFace& share) { return x == y || share(x, y); };
  for (std::size_t i = 0; i < n; ++i) {
    const SparseContact& ci = contacts[i];
    if (ci.area < options.minarea) {  // line 2
      kept[i] = false;
      continue;
    }
    for (std::size_t j = 0; j < n && kept[i]; ++j) {  // line 3
      if (j == i || !kept[j]) continue;
      const SparseContact& cj = contacts[j];
      const bool same_pair = ci.element_a == cj.element_a && ci.element_b == cj.element_b;
      const bool topological = !same_pair && near(ci.element_a, cj.element_a, share_a) &&
                               near(ci.element_b, cj.element_b, share_b);
      if (ci.area < options.threshold * cj.area && topological)  // line 4
        kept[i] = false;
      else if ((ci.point - cj.point).norm() < options.mindist)  // line 5
        kept[i] = false;
    }
  }
  return kept;
}

}  // namespace touchstone::solfec
