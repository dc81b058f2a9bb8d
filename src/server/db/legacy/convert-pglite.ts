// The conversion of data folders written by PGlite lands in the next commit.
import type { Logger } from "../../logger.ts";

export async function convertLegacyDataDir(_dataDir: string, _targetUrl: string, _logger?: Logger): Promise<void> {}
