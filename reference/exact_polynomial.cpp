// Univariate rational polynomials and certified real roots by Sturm sequences (see the header).
#include <cmath>
#include <limits>

#include "reference/exact_polynomial_internal.hpp"

namespace touchstone::exact_poly {

void trim(Poly& p) {
  while (!p.empty() && sgn(p.back()) == 0) p.pop_back();
}

Poly add(const Poly& a, const Poly& b) {
  Poly r(std::max(a.size(), b.size()));
  for (std::size_t i = 0; i < a.size(); ++i) r[i] += a[i];
  for (std::size_t i = 0; i < b.size(); ++i) r[i] += b[i];
  trim(r);
  return r;
}

Poly sub(const Poly& a, const Poly& b) {
  Poly r(std::max(a.size(), b.size()));
  for (std::size_t i = 0; i < a.size(); ++i) r[i] += a[i];
  for (std::size_t i = 0; i < b.size(); ++i) r[i] -= b[i];
  trim(r);
  return r;
}

Poly mul(const Poly& a, const Poly& b) {
  if (a.empty() || b.empty()) return {};
  Poly r(a.size() + b.size() - 1);
  for (std::size_t i = 0; i < a.size(); ++i)
    for (std::size_t j = 0; j < b.size(); ++j) r[i + j] += a[i] * b[j];
  trim(r);
  return r;
}

Q eval(const Poly& p, const Q& x) {
  Q r = 0;
  for (std::size_t i = p.size(); i-- > 0;) r = r * x + p[i];
  return r;
}

int sign_at(const Poly& p, const Q& x) { return sgn(eval(p, x)); }

Poly derivative(const Poly& p) {
  if (p.size() <= 1) return {};
  Poly r(p.size() - 1);
  for (std::size_t i = 1; i < p.size(); ++i) r[i - 1] = p[i] * static_cast<long>(i);
  trim(r);
  return r;
}

namespace {
// a = q b + r, deg r < deg b.
void divide(const Poly& a, const Poly& b, Poly& q, Poly& r) {
  r = a;
  trim(r);
  q.assign(r.size() >= b.size() ? r.size() - b.size() + 1 : 0, Q(0));
  while (!r.empty() && r.size() >= b.size()) {
    const std::size_t shift = r.size() - b.size();
    const Q c = r.back() / b.back();
    q[shift] = c;
    for (std::size_t i = 0; i < b.size(); ++i) r[shift + i] -= c * b[i];
    r.pop_back();  // the leading term cancels exactly
    trim(r);
  }
  trim(q);
}
}  // namespace

Poly remainder(const Poly& a, const Poly& b) {
  Poly q, r;
  divide(a, b, q, r);
  return r;
}

Poly quotient(const Poly& a, const Poly& b) {
  Poly q, r;
  divide(a, b, q, r);
  return q;
}

Poly gcd(Poly a, Poly b) {
  trim(a);
  trim(b);
  while (!b.empty()) {
    Poly r = remainder(a, b);
    a = std::move(b);
    b = std::move(r);
  }
  if (!a.empty()) {
    const Q lead = a.back();
    for (auto& c : a) c /= lead;
  }
  return a;
}

Poly square_free(const Poly& p) {
  const Poly g = gcd(p, derivative(p));
  return g.size() <= 1 ? p : quotient(p, g);
}

Sturm::Sturm(const Poly& p) {
  sequence_.push_back(p);
  Poly next = derivative(p);
  while (!next.empty()) {
    sequence_.push_back(next);
    Poly r = remainder(sequence_[sequence_.size() - 2], sequence_.back());
    for (auto& c : r) c = -c;
    next = std::move(r);
  }
}

int Sturm::variations(const Q& x) const {
  int changes = 0, last = 0;
  for (const auto& p : sequence_) {
    const int s = sign_at(p, x);
    if (s == 0) continue;
    if (last != 0 && s != last) ++changes;
    last = s;
  }
  return changes;
}

namespace {
void isolate(const std::shared_ptr<const Sturm>& sturm, const Q& lo, const Q& hi, int vlo, int vhi,
             std::vector<Root>& out) {
  const int n = vlo - vhi;
  if (n <= 0) return;
  if (n == 1) {
    if (sign_at(sturm->poly(), hi) == 0)
      out.push_back({sturm, hi, hi, true});
    else
      out.push_back({sturm, lo, hi, false});
    return;
  }
  const Q mid = (lo + hi) / 2;
  const int vmid = sturm->variations(mid);
  isolate(sturm, lo, mid, vlo, vmid, out);
  isolate(sturm, mid, hi, vmid, vhi, out);
}
}  // namespace

std::vector<Root> roots_in(const Poly& p, const Q& lo, const Q& hi) {
  std::vector<Root> out;
  if (p.size() <= 1) return out;
  auto sturm = std::make_shared<const Sturm>(square_free(p));
  if (sign_at(sturm->poly(), lo) == 0) out.push_back({sturm, lo, lo, true});
  isolate(sturm, lo, hi, sturm->variations(lo), sturm->variations(hi), out);
  return out;
}

void refine(Root& root) {
  if (root.exact) return;
  const Q mid = (root.lo + root.hi) / 2;
  if (sign_at(root.sturm->poly(), mid) == 0) {
    root.lo = root.hi = mid;
    root.exact = true;
  } else if (root.sturm->count(root.lo, mid) > 0) {
    root.hi = mid;
  } else {
    root.lo = mid;
  }
}

void refine_relative(Root& root, const Q& relative) {
  while (!root.exact && root.hi - root.lo > relative * root.lo) refine(root);
}

int sign_at_root(const Poly& g0, Root& root) {
  Poly g = g0;
  trim(g);
  if (g.empty()) return 0;
  if (root.exact || g.size() == 1) return sign_at(g, root.lo);
  // A zero at the root: the gcd with the root's (square-free) polynomial has a root in (lo, hi],
  // and there the root's polynomial has only this one.
  const Poly h = gcd(root.sturm->poly(), g);
  if (h.size() > 1 && Sturm(h).count(root.lo, root.hi) > 0) return 0;
  const Sturm gs(square_free(g));
  while (!root.exact && gs.count(root.lo, root.hi) > 0) refine(root);
  return sign_at(g, root.hi);  // no root of g in (lo, hi] ∋ root (or hi is the exact root)
}

double round_down(const Q& q) {
  double d = q.get_d();  // truncates towards zero
  if (Q(d) > q) d = std::nextafter(d, -std::numeric_limits<double>::infinity());
  return d;
}

double round_up(const Q& q) {
  double d = q.get_d();
  if (Q(d) < q) d = std::nextafter(d, std::numeric_limits<double>::infinity());
  return d;
}

}  // namespace touchstone::exact_poly
