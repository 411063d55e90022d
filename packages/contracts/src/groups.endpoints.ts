import { del, get, patch, post, put } from './endpoint.ts';

/** Groups, their posts and comments, the content notes, and the dashboard's feeds. */
export const groupsApi = {
  contentNotes: get('/api/user/content-notes'),
  saveContentNotes: put('/api/user/content-notes'),
  list: get('/api/group'),
  one: get('/api/group/:id'),
  join: post('/api/group/:id/membership'),
  updateMembership: put('/api/group/:id/membership'),
  leave: del('/api/group/:id/membership'),
  markSeen: post('/api/group/:id/seen'),
  posts: get('/api/group/:id/posts'),
  createPost: post('/api/post'),
  post: get('/api/post/:id'),
  updatePost: patch('/api/post/:id'),
  deletePost: del('/api/post/:id'),
  markPostSeen: post('/api/post/:id/seen'),
  comments: get('/api/post/:id/comments'),
  createComment: post('/api/post/:id/comments'),
  updateComment: patch('/api/comment/:id'),
  deleteComment: del('/api/comment/:id'),
  reportPost: post('/api/post/:id/report'),
  reportComment: post('/api/comment/:id/report'),
  feeds: get('/api/dashboard/feeds'),
  feed: get('/api/dashboard/feeds/:feed'),
} as const;
