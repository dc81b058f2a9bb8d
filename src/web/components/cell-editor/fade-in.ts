/** Spec point 9: an AI-written cell fades in over min(50 ms per word + 1500, 3500) ms. */
export function aiFadeInMs(text: string): number {
  const words = text.trim() === "" ? 0 : text.trim().split(/\s+/).length;
  return Math.min(50 * words + 1500, 3500);
}
