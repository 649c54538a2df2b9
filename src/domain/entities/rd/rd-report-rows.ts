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
  }[];
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
