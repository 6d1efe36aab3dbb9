// The headless Chromium every browser test and measurement drives: Debian's (or $CHROMIUM),
// WebGL2 on SwiftShader (no GPU in CI), nothing fetched from outside.
import { chromium } from "playwright-core";

export const launch = () => chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  args: [
    "--no-sandbox", "--disable-gpu", "--enable-unsafe-swiftshader", "--use-angle=swiftshader",
    "--disable-quic", "--no-first-run", "--disable-background-networking",
    "--disable-component-update", "--disable-sync",
  ],
});
