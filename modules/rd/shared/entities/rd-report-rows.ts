import { z } from 'zod';

// What the R&D reports answer (modules/rd/server/routes/rd-reports.routes.ts), shared with the
// report pages: zod schemas, so the routes declare the shape the pages read.

export const rdSamplesReportSchema = z.object({
  by_flavorist: z.array(
    z.object({ flavorist: z.string(), status: z.string(), samples: z.number().int() }),
  ),
  results: z.array(
    z.object({
      id: z.number().int(),
      number: z.string(),
      project_number: z.string(),
      project_title: z.string(),
      iteration: z.number().int(),
      status: z.string(),
      hplc_category: z.string().nullable(),
      nicotine_mg: z.number().nullable(),
      density_g_ml: z.number().nullable(),
      flashpoint_c: z.number().nullable(),
      avg_score: z.number().nullable(),
      /** The sample's latest HPLC request (sent with HPLC asked for), and its result. */
      hplc_request_id: z.number().int().nullable(),
      hplc_number: z.string().nullable(),
      hplc_status: z.string().nullable(),
      hplc_measured_mg: z.number().nullable(),
      hplc_percent_of_claim: z.number().nullable(),
      /** 1 passed, 0 failed (booleans reach callers as 1/0, docs/product.md §7), null untested. */
      hplc_passed: z.literal([0, 1]).nullable(),
    }),
  ),
  /** R&D samples' HPLC results per category: tested, passed and the pass rate in %. */
  hplc_pass_rate: z.array(
    z.object({
      category: z.string(),
      tested: z.number().int(),
      passed: z.number().int(),
      pass_rate_pct: z.number(),
    }),
  ),
});
export type RdSamplesReport = z.infer<typeof rdSamplesReportSchema>;

export const rdProjectsReportSchema = z.object({
  rows: z.array(
    z.object({
      id: z.number().int(),
      number: z.string(),
      title: z.string(),
      status: z.string(),
      samples: z.number().int(),
      iterations_to_approval: z.number().int().nullable(),
      cycle_days: z.number(),
    }),
  ),
});
export type RdProjectsReport = z.infer<typeof rdProjectsReportSchema>;
