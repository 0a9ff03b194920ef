/** Announcements: the advertiser's list and banner, the operator's announcement management. */
export const announcementMessages = {
  titleAndContentRequired: '제목과 내용을 입력해주세요.',
  searchTooLong: '검색어는 100자 이하로 입력해주세요.',
  categoryInvalid: '분류는 general, event, update, maintenance 중 하나여야 합니다.',
  activeFilterInvalid: '상태는 active, inactive 중 하나여야 합니다.',
  pageInvalid: '페이지 번호는 1 이상의 정수로 입력해주세요.',
  cursorInvalid: '페이지 위치가 올바르지 않습니다. 처음부터 다시 조회해주세요.',
  titleTooLong: '제목은 200자 이하로 입력해주세요.',
  contentTooLong: '내용이 너무 깁니다. 200,000자 이하로 줄여주세요.',
  dateFormat: '게시 기간은 YYYY-MM-DD 형식으로 입력해주세요.',
  dateOrder: '게시 종료일은 시작일보다 빠를 수 없습니다.',
  imagePath: '이미지는 이 사이트에 업로드한 이미지만 사용할 수 있습니다.',
  tooManyImages: '이미지는 최대 20개까지 첨부할 수 있습니다.',
  notFound: '공지사항을 찾을 수 없습니다.',
  nothingToUpdate: '변경할 항목을 입력해주세요.',
  created: '공지사항이 등록되었습니다.',
  updated: '공지사항이 수정되었습니다.',
  deleted: '공지사항이 삭제되었습니다.',
  createFailed: '공지사항 등록에 실패했습니다.',
  updateFailed: '공지사항 수정에 실패했습니다.',
  deleteFailed: '공지사항 삭제에 실패했습니다.',
  statusFailed: '공지사항 상태 변경에 실패했습니다.',
  pinFailed: '공지사항 고정 변경에 실패했습니다.',
  operationFailed: '작업에 실패했습니다.',
  loadFailed: '공지사항을 불러오지 못했습니다.',
  deleteConfirm: (title: string) => `'${title}' 공지사항을 삭제하시겠습니까?`,
  // images
  imageType: '이미지는 PNG, JPEG, WebP, GIF 형식만 업로드할 수 있습니다.',
  imageTooLarge: '이미지는 5MB 이하만 업로드할 수 있습니다.',
  imageSizeMismatch: '업로드된 파일의 크기가 처음에 알려준 크기와 다릅니다. 다시 업로드해주세요.',
  imageEmpty: '빈 파일은 업로드할 수 없습니다.',
  imageNotUploaded: '업로드된 이미지를 찾을 수 없습니다. 다시 업로드해주세요.',
  imageUploadFailed: '이미지 업로드에 실패했습니다.',
  // notification sent when a pinned urgent announcement is published
  urgentNotificationTitle: (title: string) => `[긴급 공지] ${title}`,
  urgentNotificationMessage: '긴급 공지사항이 등록되었습니다. 공지사항에서 확인해주세요.',
} as const;

export const announcementCategoryLabels = {
  general: '일반',
  event: '이벤트',
  update: '업데이트',
  maintenance: '점검',
} as const;

export const announcementPriorityLabels = {
  low: '낮음',
  normal: '보통',
  high: '중요',
  urgent: '긴급',
} as const;
