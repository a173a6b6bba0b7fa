#include "nets/eigen_model.h"

#include <algorithm>
#include <array>

#include <Eigen/Dense>

namespace junqi::nets {

namespace {

using Matrix = Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic>;  // column-major
using Vector = Eigen::VectorXf;

// A convolution: for a 1x1 kernel, weights (out x in) and bias; for a 3x3
// kernel, the sixteen Winograd-transformed weight matrices (out x in each).
struct Conv {
  Matrix w;
  std::array<Matrix, 16> winograd;
  Vector b;
  int in = 0, kernel = 1;
};

// 3x3 convolutions use Winograd's F(2x2, 3x3): each 2x2 block of outputs comes
// from a 4x4 block of inputs with 16 products instead of 36, so the tower's
// matrix products shrink from out x 9in x 60 to 16 of out x in x 18 (the
// board's 12 x 5 points are 6 x 3 blocks, the last column of blocks half off
// the board; the cross's 17 x 17 are 9 x 9, the last row and column half
// off): about 35% less time than one product over gathered 3x3
// neighbourhoods. In one dimension, outputs y0, y1 from inputs d0..d3 and
// weights g0..g2:
//   y0 = m0 + m1 + m2, y1 = m1 - m2 - m3, with
//   m0 = (d0 - d2) g0, m1 = (d1 + d2)(g0 + g1 + g2)/2,
//   m2 = (d2 - d1)(g0 - g1 + g2)/2, m3 = (d1 - d3) g2;
// in two, the same along rows and then along columns.
struct WinogradBlocks {
  int rows, columns;  // of the grid
  int blockRows() const { return (rows + 1) / 2; }
  int blockColumns() const { return (columns + 1) / 2; }
  int perPosition() const { return blockRows() * blockColumns(); }
};

Conv loadConv(const WeightsFile& f, const std::string& name) {
  const Tensor& w = f.tensors.at(name + ".weight");
  const Tensor& b = f.tensors.at(name + ".bias");
  Conv c;
  const int out = w.dims[0];
  c.in = w.dims[1];
  c.kernel = w.dims[2];
  c.b = Eigen::Map<const Vector>(b.data.data(), out);
  if (c.kernel == 1) {
    c.w = Eigen::Map<const Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>>(w.data.data(), out,
                                                                                                  c.in);
    return c;
  }
  for (Matrix& u : c.winograd) u.resize(out, c.in);
  for (int o = 0; o < out; ++o)
    for (int i = 0; i < c.in; ++i) {
      const float* g = w.data.data() + (static_cast<std::size_t>(o) * c.in + i) * 9;  // g[row * 3 + column]
      // G g: the four transformed rows of the kernel, then the same along columns.
      float rows[4][3];
      for (int j = 0; j < 3; ++j) {
        rows[0][j] = g[j];
        rows[1][j] = (g[j] + g[3 + j] + g[6 + j]) / 2;
        rows[2][j] = (g[j] - g[3 + j] + g[6 + j]) / 2;
        rows[3][j] = g[6 + j];
      }
      for (int r = 0; r < 4; ++r) {
        c.winograd[r * 4 + 0](o, i) = rows[r][0];
        c.winograd[r * 4 + 1](o, i) = (rows[r][0] + rows[r][1] + rows[r][2]) / 2;
        c.winograd[r * 4 + 2](o, i) = (rows[r][0] - rows[r][1] + rows[r][2]) / 2;
        c.winograd[r * 4 + 3](o, i) = rows[r][2];
      }
    }
  return c;
}

}  // namespace

struct EigenModel::Impl {
  NetworkShape shape;
  Conv stem;
  std::vector<Conv> conv1, conv2;
  Conv policy, valueConv, layout;
  Matrix fc1, fc2;
  Vector fc1b, fc2b;

  // x: channels x (grid places x n) -> out: conv(x) + bias, for a 3x3 or 1x1 convolution.
  // `v` and `m` are work space (transformed inputs, products).
  void apply(const Conv& c, const Matrix& x, Matrix& v, Matrix& m, Matrix& out) const {
    if (c.kernel == 1) {
      out.noalias() = c.w * x;
      out.colwise() += c.b;
    } else {
      applyWinograd(c, {shape.grid.rows, shape.grid.columns}, x, v, m, out);
    }
  }

  static void applyWinograd(const Conv& c, const WinogradBlocks& grid, const Matrix& x, Matrix& v, Matrix& m,
                            Matrix& out) {
    const int in = c.in, outChannels = static_cast<int>(c.b.size());
    const int rows = grid.rows, columns = grid.columns, places = rows * columns;
    const int blockRows = grid.blockRows(), blockColumns = grid.blockColumns();
    const int positions = static_cast<int>(x.cols() / places);
    const int blocks = positions * grid.perPosition();
    thread_local std::vector<float> zeros;
    zeros.assign(static_cast<std::size_t>(in), 0.0f);

    // Input transform: block b's 4x4 inputs (rows 2R-1..2R+2, columns
    // 2C-1..2C+2; zeros off the board) become column b of the 16 blocks of v.
    v.resize(in, 16 * blocks);
    for (int s = 0; s < positions; ++s)
      for (int br = 0; br < blockRows; ++br)
        for (int bc = 0; bc < blockColumns; ++bc) {
          const int block = (s * blockRows + br) * blockColumns + bc;
          const float* d[4][4];
          for (int i = 0; i < 4; ++i)
            for (int j = 0; j < 4; ++j) {
              const int r = 2 * br - 1 + i, col = 2 * bc - 1 + j;
              const bool on = r >= 0 && r < rows && col >= 0 && col < columns;
              d[i][j] = on ? x.data() + (static_cast<Eigen::Index>(s) * places + r * columns + col) * in
                           : zeros.data();
            }
          float* vk[16];
          for (int k = 0; k < 16; ++k) vk[k] = v.data() + (static_cast<Eigen::Index>(k) * blocks + block) * in;
#pragma GCC ivdep  // the work space never overlaps the input: lets the loop run in SIMD
          for (int ch = 0; ch < in; ++ch) {
            float t[4][4];
            for (int j = 0; j < 4; ++j) {
              t[0][j] = d[0][j][ch] - d[2][j][ch];
              t[1][j] = d[1][j][ch] + d[2][j][ch];
              t[2][j] = d[2][j][ch] - d[1][j][ch];
              t[3][j] = d[1][j][ch] - d[3][j][ch];
            }
            for (int i = 0; i < 4; ++i) {
              vk[i * 4 + 0][ch] = t[i][0] - t[i][2];
              vk[i * 4 + 1][ch] = t[i][1] + t[i][2];
              vk[i * 4 + 2][ch] = t[i][2] - t[i][1];
              vk[i * 4 + 3][ch] = t[i][1] - t[i][3];
            }
          }
        }

    // The sixteen products.
    m.resize(outChannels, 16 * blocks);
    for (int k = 0; k < 16; ++k)
      m.middleCols(static_cast<Eigen::Index>(k) * blocks, blocks).noalias() =
          c.winograd[k] * v.middleCols(static_cast<Eigen::Index>(k) * blocks, blocks);

    // Output transform: each block's 2x2 outputs (those on the board), plus the bias.
    out.resize(outChannels, x.cols());
    for (int s = 0; s < positions; ++s)
      for (int br = 0; br < blockRows; ++br)
        for (int bc = 0; bc < blockColumns; ++bc) {
          const int block = (s * blockRows + br) * blockColumns + bc;
          const float* mk[16];
          for (int k = 0; k < 16; ++k) mk[k] = m.data() + (static_cast<Eigen::Index>(k) * blocks + block) * outChannels;
          float* y[2][2];
          for (int a = 0; a < 2; ++a)
            for (int b = 0; b < 2; ++b) {
              // Clamped: never written when off the board.
              const int row = std::min(2 * br + a, rows - 1), col = std::min(2 * bc + b, columns - 1);
              y[a][b] =
                  out.data() + (static_cast<Eigen::Index>(s) * places + row * columns + col) * outChannels;
            }
          const bool lastHalf = 2 * bc + 1 >= columns, lastRowHalf = 2 * br + 1 >= rows;
#pragma GCC ivdep  // nor the output the products
          for (int o = 0; o < outChannels; ++o) {
            float t[2][4];
            for (int j = 0; j < 4; ++j) {
              t[0][j] = mk[j][o] + mk[4 + j][o] + mk[8 + j][o];
              t[1][j] = mk[4 + j][o] - mk[8 + j][o] - mk[12 + j][o];
            }
            for (int a = 0; a < (lastRowHalf ? 1 : 2); ++a) {
              y[a][0][o] = t[a][0] + t[a][1] + t[a][2] + c.b[o];
              if (!lastHalf) y[a][1][o] = t[a][1] - t[a][2] - t[a][3] + c.b[o];
            }
          }
        }
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
  const int places = m.shape.grid.places();
  const Eigen::Index points = static_cast<Eigen::Index>(n) * places;
  // Inputs are planes (plane-major per position); activations are channels x points.
  thread_local Matrix x, y, z, transformed, products;
  x.resize(m.shape.inputPlanes, points);
  for (int s = 0; s < n; ++s)
    for (int c = 0; c < m.shape.inputPlanes; ++c)
      for (int p = 0; p < places; ++p)
        x(c, s * places + p) = input[(static_cast<std::size_t>(s) * m.shape.inputPlanes + c) * places + p];
  m.apply(m.stem, x, transformed, products, y);
  x = y.cwiseMax(0.0f);
  for (std::size_t b = 0; b < m.conv1.size(); ++b) {
    m.apply(m.conv1[b], x, transformed, products, y);
    y = y.cwiseMax(0.0f);
    m.apply(m.conv2[b], y, transformed, products, z);
    x = (z + x).cwiseMax(0.0f);
  }
  // Policy: column (position, from) holds the to-logits: exactly from * targets + to.
  if (policy) {
    m.apply(m.policy, x, transformed, products, y);
    std::copy(y.data(), y.data() + y.size(), policy);
  }
  if (layout) {
    m.apply(m.layout, x, transformed, products, y);
    std::copy(y.data(), y.data() + y.size(), layout);
  }
  m.apply(m.valueConv, x, transformed, products, y);
  y = y.cwiseMax(0.0f);
  Vector flat(m.shape.valueChannels * places);
  for (int s = 0; s < n; ++s) {
    for (int c = 0; c < m.shape.valueChannels; ++c)
      for (int p = 0; p < places; ++p) flat(c * places + p) = y(c, s * places + p);
    const Vector h = (m.fc1 * flat + m.fc1b).cwiseMax(0.0f);
    const Vector out = m.fc2 * h + m.fc2b;
    for (int k = 0; k < 3; ++k) wdl[s * 3 + k] = out(k);
  }
}

}  // namespace junqi::nets
