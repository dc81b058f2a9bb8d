// STUB: replaced by the placeholder engine (issue 3). Signatures are the contract.
export interface PlaceholderCheck {
  /** Placeholders of the source missing from the translation (as written in the source). */
  missing: string[];
  /** Placeholders in the translation that the source does not have (as written in the translation). */
  extra: string[];
  /** True when both sets are equal. */
  matches: boolean;
}

export function comparePlaceholders(_source: string, _translation: string): PlaceholderCheck {
  return { missing: [], extra: [], matches: true };
}

/** The translation rewritten so its placeholder set equals the source's. */
export function fixPlaceholders(_source: string, translation: string): string {
  return translation;
}
