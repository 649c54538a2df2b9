// What the R&D reports answer (server/http/routes/rd/rd-reports.routes.ts), shared with the
// report pages.

export type RdSamplesReport = {
  by_flavorist: { flavorist: string; status: string; samples: number }[];
  results: {
    id: number;
    number: string;
    project_number: string;
    project_title: string;
    iteration: number;
    status: string;
    hplc_category: string | null;
    nicotine_mg: number | null;
    density_g_ml: number | null;
    flashpoint_c: number | null;
    avg_score: number | null;
    /** The sample's latest HPLC request (sent with HPLC asked for), and its result. */
    hplc_request_id: number | null;
    hplc_number: string | null;
    hplc_status: string | null;
    hplc_measured_mg: number | null;
    hplc_percent_of_claim: number | null;
    /** 1 passed, 0 failed (booleans reach callers as 1/0, docs/product.md §7), null untested. */
    hplc_passed: 0 | 1 | null;
  }[];
  /** R&D samples' HPLC results per category: tested, passed and the pass rate in %. */
  hplc_pass_rate: { category: string; tested: number; passed: number; pass_rate_pct: number }[];
};

export type RdProjectsReport = {
  rows: {
    id: number;
    number: string;
    title: string;
    status: string;
    samples: number;
    iterations_to_approval: number | null;
    cycle_days: number;
  }[];
};
