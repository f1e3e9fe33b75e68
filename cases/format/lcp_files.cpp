// The literature LCPs: Siconos LCP text files and the normal-only LCPs of FCLib HDF5 problems.
// Every error names the file, the case and the field.
#include <cmath>
#include <cstdlib>
#include <sstream>

#include "cases/format/case_loader.hpp"

#ifdef TOUCHSTONE_HAVE_FCLIB
extern "C" {  // fclib.h declares C functions without a C++ guard
#include <fclib.h>
}
#endif

namespace touchstone {

using fields::bad;

LoadedCases parse_siconos_lcp(const std::string& text, const std::string& file) {
  LoadedCases out;
  const std::string stem = std::filesystem::path(file).stem().string();
  std::istringstream in(text);
  auto next = [&](const std::string& field) {
    double x;
    if (!(in >> x)) bad(field, "missing or not a number");
    if (!std::isfinite(x)) bad(field, "not finite");
    return x;
  };
  try {
    const double n_d = next("n");
    if (n_d < 1 || n_d != std::floor(n_d) || n_d > 100000) bad("n", "not a positive size");
    const int n = static_cast<int>(n_d);
    const double storage = next("storage");
    if (storage != 0)
      bad("storage", "storage flag " + std::to_string(static_cast<int>(storage)) +
                         " (sparse block) is not supported; only dense (0)");
    const double rows = next("rows"), cols = next("cols");
    const double rows2 = next("rows"), cols2 = next("cols");
    if (rows != n || cols != n || rows2 != n || cols2 != n)
      bad("dimensions", "matrix dimensions do not match n = " + std::to_string(n));
    ForceCase c;
    c.id = "siconos-lcp/" + stem;
    c.kind = "lcp";
    c.family = "siconos-lcp";
    c.problem.A.resize(n, n);
    c.problem.b.resize(n);
    // Each text line holds a column of M: Siconos' own reader fills its column-major array in file
    // order (read as rows, Murty's example becomes lower-triangular and Lemke needs 2 pivots
    // instead of 2^n).
    for (int j = 0; j < n; ++j)
      for (int i = 0; i < n; ++i)
        c.problem.A(i, j) = next("M[" + std::to_string(i) + "][" + std::to_string(j) + "]");
    for (int i = 0; i < n; ++i) c.problem.b[i] = next("q[" + std::to_string(i) + "]");
    std::string remark, line;
    std::getline(in, line);
    while (std::getline(in, line))
      if (!line.empty()) remark += (remark.empty() ? "" : " ") + line;
    c.description = remark;
    c.origin = {{"file", file}, {"format", "siconos-lcp"}};
    out.forces.push_back(std::move(c));
  } catch (const FieldError& e) {
    out.errors.push_back({file, "siconos-lcp/" + stem, e.field, e.message});
  }
  return out;
}

bool fclib_available() {
#ifdef TOUCHSTONE_HAVE_FCLIB
  return true;
#else
  return false;
#endif
}

#ifdef TOUCHSTONE_HAVE_FCLIB
namespace {

// The normal rows and columns of a local problem's W and q.
ForceCase normal_lcp(const fclib_local& p, const std::string& id, const std::string& file) {
  const fclib_matrix& W = *p.W;
  const int d = p.spacedim;
  if (d != 2 && d != 3) bad("/fclib_local/spacedim", "expected 2 or 3");
  if (W.m != W.n || W.m % d != 0) bad("/fclib_local/W", "not square or not a multiple of spacedim");
  Eigen::MatrixXd full = Eigen::MatrixXd::Zero(W.m, W.n);
  if (W.nz == -1) {  // compressed columns
    for (int col = 0; col < W.n; ++col)
      for (int k = W.p[col]; k < W.p[col + 1]; ++k) full(W.i[k], col) += W.x[k];
  } else if (W.nz == -2) {  // compressed rows
    for (int row = 0; row < W.m; ++row)
      for (int k = W.p[row]; k < W.p[row + 1]; ++k) full(row, W.i[k]) += W.x[k];
  } else {  // triplets
    for (int k = 0; k < W.nz; ++k) full(W.p[k], W.i[k]) += W.x[k];
  }
  const int n = W.m / d;
  ForceCase c;
  c.id = id;
  c.kind = "lcp";
  c.family = "fclib-normal";
  c.problem.A.resize(n, n);
  c.problem.b.resize(n);
  for (int i = 0; i < n; ++i) {
    c.problem.b[i] = p.q[d * i];
    for (int j = 0; j < n; ++j) c.problem.A(i, j) = full(d * i, d * j);
  }
  if (!c.problem.A.allFinite() || !c.problem.b.allFinite()) bad("/fclib_local/W", "not finite");
  c.description = "normal rows/columns of the FCLib local problem (" + std::to_string(n) +
                  " contacts, spacedim " + std::to_string(d) + "); friction dropped";
  c.origin = {{"file", file}, {"format", "fclib-local"}};
  return c;
}

}  // namespace
#endif

LoadedCases load_fclib_normal_lcp(const std::filesystem::path& file) {
  LoadedCases out;
  const std::string id = "fclib-normal/" + file.stem().string();
#ifdef TOUCHSTONE_HAVE_FCLIB
  std::error_code ec;
  if (!std::filesystem::exists(file, ec)) {
    out.errors.push_back({file.string(), id, "", "cannot open file"});
    return out;
  }
  fclib_local* p = fclib_read_local(file.c_str());
  if (p == nullptr || p->W == nullptr || p->q == nullptr) {
    if (p) {
      fclib_delete_local(p);
      std::free(p);
    }
    out.errors.push_back({file.string(), id, "/fclib_local",
                          "no local problem (W, q) in this file (global problems are not read)"});
    return out;
  }
  try {
    out.forces.push_back(normal_lcp(*p, id, file.string()));
  } catch (const FieldError& e) {
    out.errors.push_back({file.string(), id, e.field, e.message});
  }
  fclib_delete_local(p);
  std::free(p);  // fclib_delete_local frees the members, not the struct (found by ASan)
#else
  out.errors.push_back({file.string(), id, "", "built without fclib (libfclib-dev)"});
#endif
  return out;
}

}  // namespace touchstone
