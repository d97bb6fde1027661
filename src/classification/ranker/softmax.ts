// The softmax over class scores, in place: the ranker's probabilities, in training and in service alike.
export function softmax(scores: Float64Array): Float64Array {
  const n = scores.length;
  let max = -Infinity;
  for (let c = 0; c < n; c++) if (scores[c] > max) max = scores[c];
  let sum = 0;
  for (let c = 0; c < n; c++) {
    scores[c] = Math.exp(scores[c] - max);
    sum += scores[c];
  }
  for (let c = 0; c < n; c++) scores[c] /= sum;
  return scores;
}
