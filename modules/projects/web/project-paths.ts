// Where Project Management's screens live (docs/product.md §2), for the links between them.

export const PROJECTS_PATH = '/list-projects';
export const projectTasksPath = (projectId: number) => `/projects/tasks/${projectId}`;
export const taskItemsPath = (taskId: number) => `/projects/tasks/items/${taskId}`;
export const itemRecordsPath = (itemId: number) => `/task_items/record/${itemId}`;
export const PROJECTS_REPORT_PATH = '/projects_report';
