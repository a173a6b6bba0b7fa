#include "nets/eigen_model.h"

#include <cstring>

#include <Eigen/Dense>

namespace junqi::nets {

namespace {

using Matrix = Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic>;  // column-major
using Vector = Eigen::VectorXf;

constexpr int kRowsOfBoard = kRows, kColumnsOfBoard = kColumns;

// A convolution as a matrix: weights (out x 9*in, columns ordered kernel
// offset first, then input channel) and bias.
struct Conv {
  Matrix w;
  Vector b;
  int in = 0, kernel = 1;
};

Conv loadConv(const WeightsFile& f, const std::string& name) {
  const Tensor& w = f.tensors.at(name + ".weight");
  const Tensor& b = f.tensors.at(name + ".bias");
  Conv c;
  const int out = w.dims[0];
  c.in = w.dims[1];
  c.kernel = w.dims[2];
  const int k2 = c.kernel * c.kernel;
  c.w.resize(out, k2 * c.in);
  for (int o = 0; o < out; ++o)
    for (int i = 0; i < c.in; ++i)
      for (int k = 0; k < k2; ++k) c.w(o, k * c.in + i) = w.data[(static_cast<std::size_t>(o) * c.in + i) * k2 + k];
  c.b = Eigen::Map<const Vector>(b.data.data(), out);
  return c;
}

// For each point and 3x3 offset, the neighbouring point (or -1 off the board).
std::vector<int> neighbourTable() {
  std::vector<int> t(kBoardPoints * 9);
  for (int p = 0; p < kBoardPoints; ++p)
    for (int k = 0; k < 9; ++k) {
      const int r = p / kColumnsOfBoard + k / 3 - 1, c = p % kColumnsOfBoard + k % 3 - 1;
      t[p * 9 + k] = r < 0 || r >= kRowsOfBoard || c < 0 || c >= kColumnsOfBoard ? -1 : r * kColumnsOfBoard + c;
    }
  return t;
}

}  // namespace

struct EigenModel::Impl {
  NetworkShape shape;
  Conv stem;
  std::vector<Conv> conv1, conv2;
  Conv policy, valueConv, layout;
  Matrix fc1, fc2;
  Vector fc1b, fc2b;
  std::vector<int> neighbours = neighbourTable();

  // x: channels x (60 n) -> out: conv(x) + bias, for a 3x3 or 1x1 convolution.
  void apply(const Conv& c, const Matrix& x, Matrix& cols, Matrix& out) const {
    const Eigen::Index points = x.cols();
    if (c.kernel == 1) {
      out.noalias() = c.w * x;
    } else {
      // Gather each point's 3x3 neighbourhood into one column (zeros off the board).
      cols.resize(9 * c.in, points);
      const std::size_t bytes = static_cast<std::size_t>(c.in) * sizeof(float);
      for (Eigen::Index col = 0; col < points; ++col) {
        const int p = static_cast<int>(col % kBoardPoints);
        const Eigen::Index base = col - p;
        float* dst = cols.data() + col * cols.rows();
        for (int k = 0; k < 9; ++k, dst += c.in) {
          const int q = neighbours[p * 9 + k];
          if (q >= 0)
            std::memcpy(dst, x.data() + (base + q) * x.rows(), bytes);
          else
            std::memset(dst, 0, bytes);
        }
      }
      out.noalias() = c.w * cols;
    }
    out.colwise() += c.b;
  }
};

EigenModel::EigenModel(const WeightsFile& f) : impl_(new Impl) {
  Impl& m = *impl_;
  m.shape = f.shape;
  m.stem = loadConv(f, "stem");
  for (int b = 0; b < f.shape.blocks; ++b) {
    m.conv1.push_back(loadConv(f, "block" + std::to_string(b) + ".conv1"));
    m.conv2.push_back(loadConv(f, "block" + std::to_string(b) + ".conv2"));
  }
  m.policy = loadConv(f, "policy");
  m.valueConv = loadConv(f, "value.conv");
  m.layout = loadConv(f, "layout");
  const Tensor& w1 = f.tensors.at("value.fc1.weight");
  const Tensor& w2 = f.tensors.at("value.fc2.weight");
  m.fc1 = Eigen::Map<const Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>>(w1.data.data(),
                                                                                                   w1.dims[0], w1.dims[1]);
  m.fc2 = Eigen::Map<const Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>>(w2.data.data(),
                                                                                                   w2.dims[0], w2.dims[1]);
  m.fc1b = Eigen::Map<const Vector>(f.tensors.at("value.fc1.bias").data.data(), w1.dims[0]);
  m.fc2b = Eigen::Map<const Vector>(f.tensors.at("value.fc2.bias").data.data(), w2.dims[0]);
}

EigenModel::~EigenModel() { delete impl_; }

const NetworkShape& EigenModel::shape() const { return impl_->shape; }

void EigenModel::forward(const float* input, int n, float* policy, float* wdl, float* layout) const {
  const Impl& m = *impl_;
  const Eigen::Index points = static_cast<Eigen::Index>(n) * kBoardPoints;
  // Inputs are planes (plane-major per position); activations are channels x points.
  thread_local Matrix x, y, z, cols;
  x.resize(m.shape.inputPlanes, points);
  for (int s = 0; s < n; ++s)
    for (int c = 0; c < m.shape.inputPlanes; ++c)
      for (int p = 0; p < kBoardPoints; ++p)
        x(c, s * kBoardPoints + p) = input[(static_cast<std::size_t>(s) * m.shape.inputPlanes + c) * kBoardPoints + p];
  m.apply(m.stem, x, cols, y);
  x = y.cwiseMax(0.0f);
  for (std::size_t b = 0; b < m.conv1.size(); ++b) {
    m.apply(m.conv1[b], x, cols, y);
    y = y.cwiseMax(0.0f);
    m.apply(m.conv2[b], y, cols, z);
    x = (z + x).cwiseMax(0.0f);
  }
  // Policy: column (position, from) holds the 60 to-logits: exactly from * 60 + to.
  m.apply(m.policy, x, cols, y);
  std::copy(y.data(), y.data() + y.size(), policy);
  if (layout) {
    m.apply(m.layout, x, cols, y);
    std::copy(y.data(), y.data() + y.size(), layout);
  }
  m.apply(m.valueConv, x, cols, y);
  y = y.cwiseMax(0.0f);
  Vector flat(m.shape.valueChannels * kBoardPoints);
  for (int s = 0; s < n; ++s) {
    for (int c = 0; c < m.shape.valueChannels; ++c)
      for (int p = 0; p < kBoardPoints; ++p) flat(c * kBoardPoints + p) = y(c, s * kBoardPoints + p);
    const Vector h = (m.fc1 * flat + m.fc1b).cwiseMax(0.0f);
    const Vector out = m.fc2 * h + m.fc2b;
    for (int k = 0; k < 3; ++k) wdl[s * 3 + k] = out(k);
  }
}

}  // namespace junqi::nets
