#include "harness/common/wire.hpp"

#include <cmath>
#include <limits>
#include <string>

namespace touchstone::wire {

using nlohmann::json;

json number(double x) {
  if (std::isnan(x)) return "nan";
  if (std::isinf(x)) return x > 0 ? "inf" : "-inf";
  return x;
}

double to_number(const json& j) {
  if (j.is_number()) return j.get<double>();
  const std::string s = j.get<std::string>();
  if (s == "inf") return std::numeric_limits<double>::infinity();
  if (s == "-inf") return -std::numeric_limits<double>::infinity();
  return std::numeric_limits<double>::quiet_NaN();
}

json vector(const Eigen::VectorXd& v) {
  json a = json::array();
  for (int i = 0; i < v.size(); ++i) a.push_back(number(v[i]));
  return a;
}

Eigen::VectorXd to_vector(const json& j) {
  Eigen::VectorXd v(static_cast<Eigen::Index>(j.size()));
  for (std::size_t i = 0; i < j.size(); ++i) v[static_cast<Eigen::Index>(i)] = to_number(j[i]);
  return v;
}

json numbers(const std::vector<double>& v) {
  json a = json::array();
  for (double x : v) a.push_back(number(x));
  return a;
}

std::vector<double> to_numbers(const json& j) {
  std::vector<double> v;
  for (const auto& x : j) v.push_back(to_number(x));
  return v;
}

}  // namespace touchstone::wire
