/** Imported first by test helpers: handler logs stay quiet unless a test asks (set before the logger is built). */
process.env.POWERTOOLS_LOG_LEVEL ??= 'SILENT';
