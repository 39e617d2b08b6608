//===- RootRaiser.h - tracing kernel pointers to memref roots --*- C++ -*-===//
//
// Part of the Loom project.
//
// Shared by loom-raise-memref-roots (RaiseMemrefRoots.cpp: tracing,
// offsets, loads and stores) and its local-array support (LocalArrays.cpp:
// lifetime markers, llvm.intr.memset / llvm.intr.memcpy and the placement
// of memref.alloca).
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_LIB_RAISING_ROOTRAISER_H
#define LOOM_LIB_RAISING_ROOTRAISER_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/Interfaces/DataLayoutInterfaces.h"
#include "llvm/ADT/MapVector.h"

#include <optional>
#include <string>

namespace loom::raising::detail {

/// What is known about one root.
struct RootInfo {
  mlir::Type elementType; ///< the one element type of its accesses
  std::string invalid;    ///< why it cannot become a memref ("" if it can)
  mlir::Value memref;     ///< the memref standing for it after rewriting
};

/// Traces pointers of one function to roots, then rewrites them.
class RootRaiser {
public:
  explicit RootRaiser(mlir::func::FuncOp func)
      : func(func), layout(mlir::DataLayout::closest(func)) {}
  void run();

private:
  void assignRoots();
  void checkUses();
  void invalidate(mlir::Value root, const llvm::Twine &why);
  std::optional<int64_t> getElementSize(mlir::Value root);
  mlir::FailureOr<mlir::Value> getOffset(mlir::Value pointer,
                                         mlir::OpBuilder &builder);
  mlir::LogicalResult rewriteAccesses();
  void retypeBlockArguments();
  void createMemrefs();

  // Local arrays (LocalArrays.cpp).
  /// Accepts `user` of the traced pointer `value` of `root` if it is a
  /// lifetime marker, llvm.intr.memset or llvm.intr.memcpy; false otherwise.
  bool acceptLocalUse(mlir::Value root, mlir::Value value,
                      mlir::Operation *user);
  /// Checks the accepted memset/memcpy ops once element types are known.
  void checkBulkOps();
  std::string checkMemset(mlir::LLVM::MemsetOp memset, mlir::Value root);
  std::string checkMemcpy(mlir::LLVM::MemcpyOp memcpy, mlir::Value root);
  /// Makes every `llvm.mlir.addressof` of a constant global with a dense
  /// array initializer a root (a table the kernel reads).
  void addConstantGlobalRoots();
  /// Invalidates constant-global roots that are written or whose
  /// initializer cannot be materialized as element stores.
  void checkConstantGlobals();
  /// The root `memcpy` copies from, unless that is a constant global (whose
  /// initializer is stored directly).
  mlir::Value getCopySourceRoot(mlir::LLVM::MemcpyOp memcpy);
  /// Creates the local copy standing for the constant-global root `root`.
  mlir::Value createConstantCopy(mlir::Value root, mlir::OpBuilder &builder);
  /// Where the memref.alloca of the alloca root `root` is created.
  mlir::Operation *getAllocationPoint(mlir::Value root);
  /// Rewrites a marker, memset or memcpy of a raised root (erased later).
  mlir::LogicalResult rewriteLocalOp(mlir::Operation *op,
                                     mlir::OpBuilder &builder);
  mlir::LogicalResult rewriteMemcpy(mlir::LLVM::MemcpyOp memcpy,
                                    mlir::OpBuilder &builder);
  bool isRaisedRoot(mlir::Value root) const;

  mlir::func::FuncOp func;
  mlir::DataLayout layout;
  /// Root of every traced pointer value.
  llvm::DenseMap<mlir::Value, mlir::Value> rootOf;
  llvm::MapVector<mlir::Value, RootInfo> roots;
  /// Element offset (index) of every rewritten pointer value.
  llvm::DenseMap<mlir::Value, mlir::Value> offsets;
  /// Lifetime markers, memsets and memcpys touching a traced pointer.
  llvm::SetVector<mlir::Operation *> localOps;
};

} // namespace loom::raising::detail

#endif // LOOM_LIB_RAISING_ROOTRAISER_H
