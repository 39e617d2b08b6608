dataflow.graph private @empty(%start: none) {
 dataflow.graph.return complete(%start)
}
