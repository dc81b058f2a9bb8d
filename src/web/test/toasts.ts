import { toast } from "sonner";
import { afterAll, vi } from "vitest";

/**
 * sonner's toasts, watched for the test file that calls this: its `toast` object's methods become
 * mocks that show nothing until the file ends. Replacing them on the one shared object reaches every
 * component, whichever file imported it first (a module mock would not, in a worker whose files
 * share their modules), and `vi.restoreAllMocks()` in a file's own hooks leaves them in place.
 */
export function watchToasts() {
  const watched = {
    error: vi.fn((..._: Parameters<typeof toast.error>) => "" as string | number),
    success: vi.fn((..._: Parameters<typeof toast.success>) => "" as string | number),
    info: vi.fn((..._: Parameters<typeof toast.info>) => "" as string | number),
  };
  const real = { error: toast.error, success: toast.success, info: toast.info };
  Object.assign(toast, watched);
  afterAll(() => {
    Object.assign(toast, real);
  });
  return watched;
}
