// The one wire format between a child process and the harness (harness/common/child_process.hpp)
// and in the reference cache: JSON in which a double that is NaN or infinite travels as the string
// "nan", "inf" or "-inf", so a broken answer reaches the verifier unchanged. (Reports never carry
// these strings: their writers drop non-finite numbers.)
#pragma once

#include <Eigen/Core>
#include <nlohmann/json.hpp>
#include <optional>
#include <vector>

namespace touchstone::wire {

nlohmann::json number(double x);
double to_number(const nlohmann::json& j);

nlohmann::json vector(const Eigen::VectorXd& v);
Eigen::VectorXd to_vector(const nlohmann::json& j);

nlohmann::json numbers(const std::vector<double>& v);
std::vector<double> to_numbers(const nlohmann::json& j);

}  // namespace touchstone::wire
