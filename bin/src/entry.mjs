import { main } from "./main.mjs";

process.exitCode = await main(process.argv.slice(2), process.env);
