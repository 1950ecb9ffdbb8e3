; ModuleID = 'internal/testprog/testdata/attrib/calls.c'
source_filename = "internal/testprog/testdata/attrib/calls.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%union.pthread_attr_t = type { i64, [48 x i8] }

@ops = internal constant [3 x i64 (i64)*] [i64 (i64)* @twice, i64 (i64)* @thrice, i64 (i64)* @square], align 16, !dbg !0
@.str = private unnamed_addr constant [5 x i8] c"%ld\0A\00", align 1

; Function Attrs: noinline nounwind uwtable
define dso_local i64 @fib(i32 noundef %0) #0 !dbg !26 {
  %2 = alloca i32, align 4
  store i32 %0, i32* %2, align 4, !tbaa !31
  call void @llvm.dbg.declare(metadata i32* %2, metadata !30, metadata !DIExpression()), !dbg !35
  %3 = load i32, i32* %2, align 4, !dbg !36, !tbaa !31
  %4 = icmp slt i32 %3, 2, !dbg !37
  br i1 %4, label %5, label %8, !dbg !36

5:                                                ; preds = %1
  %6 = load i32, i32* %2, align 4, !dbg !38, !tbaa !31
  %7 = sext i32 %6 to i64, !dbg !38
  br label %16, !dbg !36

8:                                                ; preds = %1
  %9 = load i32, i32* %2, align 4, !dbg !39, !tbaa !31
  %10 = sub nsw i32 %9, 1, !dbg !40
  %11 = call i64 @fib(i32 noundef %10), !dbg !41
  %12 = load i32, i32* %2, align 4, !dbg !42, !tbaa !31
  %13 = sub nsw i32 %12, 2, !dbg !43
  %14 = call i64 @fib(i32 noundef %13), !dbg !44
  %15 = add nsw i64 %11, %14, !dbg !45
  br label %16, !dbg !36

16:                                               ; preds = %8, %5
  %17 = phi i64 [ %7, %5 ], [ %15, %8 ], !dbg !36
  ret i64 %17, !dbg !46
}

; Function Attrs: nofree nosync nounwind readnone speculatable willreturn
declare void @llvm.dbg.declare(metadata, metadata, metadata) #1

; Function Attrs: noinline nounwind uwtable
define dso_local i64 @mix(i64 noundef %0, i64 noundef %1) #0 !dbg !47 {
  %3 = alloca i64, align 8
  %4 = alloca i64, align 8
  store i64 %0, i64* %3, align 8, !tbaa !53
  call void @llvm.dbg.declare(metadata i64* %3, metadata !51, metadata !DIExpression()), !dbg !55
  store i64 %1, i64* %4, align 8, !tbaa !53
  call void @llvm.dbg.declare(metadata i64* %4, metadata !52, metadata !DIExpression()), !dbg !56
  %5 = load i64, i64* %3, align 8, !dbg !57, !tbaa !53
  %6 = load i64, i64* %4, align 8, !dbg !58, !tbaa !53
  %7 = add nsw i64 %5, %6, !dbg !59
  ret i64 %7, !dbg !60
}

; Function Attrs: noinline nounwind uwtable
define dso_local i64 @fibm(i32 noundef %0) #0 !dbg !61 {
  %2 = alloca i32, align 4
  store i32 %0, i32* %2, align 4, !tbaa !31
  call void @llvm.dbg.declare(metadata i32* %2, metadata !63, metadata !DIExpression()), !dbg !64
  %3 = load i32, i32* %2, align 4, !dbg !65, !tbaa !31
  %4 = icmp slt i32 %3, 2, !dbg !66
  br i1 %4, label %5, label %8, !dbg !65

5:                                                ; preds = %1
  %6 = load i32, i32* %2, align 4, !dbg !67, !tbaa !31
  %7 = sext i32 %6 to i64, !dbg !67
  br label %16, !dbg !65

8:                                                ; preds = %1
  %9 = load i32, i32* %2, align 4, !dbg !68, !tbaa !31
  %10 = sub nsw i32 %9, 1, !dbg !69
  %11 = call i64 @fibm(i32 noundef %10), !dbg !70
  %12 = load i32, i32* %2, align 4, !dbg !71, !tbaa !31
  %13 = sub nsw i32 %12, 2, !dbg !72
  %14 = call i64 @fibm(i32 noundef %13), !dbg !73
  %15 = call i64 @mix(i64 noundef %11, i64 noundef %14), !dbg !74
  br label %16, !dbg !65

16:                                               ; preds = %8, %5
  %17 = phi i64 [ %7, %5 ], [ %15, %8 ], !dbg !65
  ret i64 %17, !dbg !75
}

; Function Attrs: noinline nounwind uwtable
define dso_local i32 @is_even(i32 noundef %0) #0 !dbg !76 {
  %2 = alloca i32, align 4
  store i32 %0, i32* %2, align 4, !tbaa !31
  call void @llvm.dbg.declare(metadata i32* %2, metadata !81, metadata !DIExpression()), !dbg !82
  %3 = load i32, i32* %2, align 4, !dbg !83, !tbaa !31
  %4 = icmp eq i32 %3, 0, !dbg !84
  br i1 %4, label %5, label %6, !dbg !83

5:                                                ; preds = %1
  br label %10, !dbg !83

6:                                                ; preds = %1
  %7 = load i32, i32* %2, align 4, !dbg !85, !tbaa !31
  %8 = sub i32 %7, 1, !dbg !86
  %9 = call i32 @is_odd(i32 noundef %8), !dbg !87
  br label %10, !dbg !83

10:                                               ; preds = %6, %5
  %11 = phi i32 [ 1, %5 ], [ %9, %6 ], !dbg !83
  ret i32 %11, !dbg !88
}

; Function Attrs: noinline nounwind uwtable
define dso_local i32 @is_odd(i32 noundef %0) #0 !dbg !89 {
  %2 = alloca i32, align 4
  store i32 %0, i32* %2, align 4, !tbaa !31
  call void @llvm.dbg.declare(metadata i32* %2, metadata !91, metadata !DIExpression()), !dbg !92
  %3 = load i32, i32* %2, align 4, !dbg !93, !tbaa !31
  %4 = icmp eq i32 %3, 0, !dbg !94
  br i1 %4, label %5, label %6, !dbg !93

5:                                                ; preds = %1
  br label %10, !dbg !93

6:                                                ; preds = %1
  %7 = load i32, i32* %2, align 4, !dbg !95, !tbaa !31
  %8 = sub i32 %7, 1, !dbg !96
  %9 = call i32 @is_even(i32 noundef %8), !dbg !97
  br label %10, !dbg !93

10:                                               ; preds = %6, %5
  %11 = phi i32 [ 0, %5 ], [ %9, %6 ], !dbg !93
  ret i32 %11, !dbg !98
}

; Function Attrs: noinline nounwind uwtable
define dso_local i64 @twice(i64 noundef %0) #0 !dbg !99 {
  %2 = alloca i64, align 8
  store i64 %0, i64* %2, align 8, !tbaa !53
  call void @llvm.dbg.declare(metadata i64* %2, metadata !101, metadata !DIExpression()), !dbg !102
  %3 = load i64, i64* %2, align 8, !dbg !103, !tbaa !53
  %4 = mul nsw i64 2, %3, !dbg !104
  ret i64 %4, !dbg !105
}

; Function Attrs: noinline nounwind uwtable
define dso_local i64 @thrice(i64 noundef %0) #0 !dbg !106 {
  %2 = alloca i64, align 8
  store i64 %0, i64* %2, align 8, !tbaa !53
  call void @llvm.dbg.declare(metadata i64* %2, metadata !108, metadata !DIExpression()), !dbg !109
  %3 = load i64, i64* %2, align 8, !dbg !110, !tbaa !53
  %4 = mul nsw i64 3, %3, !dbg !111
  ret i64 %4, !dbg !112
}

; Function Attrs: noinline nounwind uwtable
define dso_local i64 @square(i64 noundef %0) #0 !dbg !113 {
  %2 = alloca i64, align 8
  store i64 %0, i64* %2, align 8, !tbaa !53
  call void @llvm.dbg.declare(metadata i64* %2, metadata !115, metadata !DIExpression()), !dbg !116
  %3 = load i64, i64* %2, align 8, !dbg !117, !tbaa !53
  %4 = load i64, i64* %2, align 8, !dbg !118, !tbaa !53
  %5 = mul nsw i64 %3, %4, !dbg !119
  ret i64 %5, !dbg !120
}

; Function Attrs: noinline nounwind uwtable
define dso_local i64 @leaf(i64 noundef %0) #0 !dbg !121 {
  %2 = alloca i64, align 8
  store i64 %0, i64* %2, align 8, !tbaa !53
  call void @llvm.dbg.declare(metadata i64* %2, metadata !123, metadata !DIExpression()), !dbg !124
  %3 = load i64, i64* %2, align 8, !dbg !125, !tbaa !53
  %4 = load i64, i64* %2, align 8, !dbg !126, !tbaa !53
  %5 = ashr i64 %4, 3, !dbg !127
  %6 = xor i64 %3, %5, !dbg !128
  ret i64 %6, !dbg !129
}

; Function Attrs: noinline nounwind uwtable
define dso_local i8* @worker(i8* noundef %0) #0 !dbg !130 {
  %2 = alloca i8*, align 8
  %3 = alloca i64, align 8
  %4 = alloca i64, align 8
  %5 = alloca i64, align 8
  store i8* %0, i8** %2, align 8, !tbaa !139
  call void @llvm.dbg.declare(metadata i8** %2, metadata !134, metadata !DIExpression()), !dbg !141
  %6 = bitcast i64* %3 to i8*, !dbg !142
  call void @llvm.lifetime.start.p0i8(i64 8, i8* %6) #7, !dbg !142
  call void @llvm.dbg.declare(metadata i64* %3, metadata !135, metadata !DIExpression()), !dbg !143
  %7 = load i8*, i8** %2, align 8, !dbg !144, !tbaa !139
  %8 = ptrtoint i8* %7 to i64, !dbg !145
  store i64 %8, i64* %3, align 8, !dbg !143, !tbaa !53
  %9 = bitcast i64* %4 to i8*, !dbg !142
  call void @llvm.lifetime.start.p0i8(i64 8, i8* %9) #7, !dbg !142
  call void @llvm.dbg.declare(metadata i64* %4, metadata !136, metadata !DIExpression()), !dbg !146
  store i64 0, i64* %4, align 8, !dbg !146, !tbaa !53
  %10 = bitcast i64* %5 to i8*, !dbg !147
  call void @llvm.lifetime.start.p0i8(i64 8, i8* %10) #7, !dbg !147
  call void @llvm.dbg.declare(metadata i64* %5, metadata !137, metadata !DIExpression()), !dbg !148
  store i64 0, i64* %5, align 8, !dbg !148, !tbaa !53
  br label %11, !dbg !147

11:                                               ; preds = %22, %1
  %12 = load i64, i64* %5, align 8, !dbg !149, !tbaa !53
  %13 = load i64, i64* %3, align 8, !dbg !151, !tbaa !53
  %14 = icmp slt i64 %12, %13, !dbg !152
  br i1 %14, label %17, label %15, !dbg !153

15:                                               ; preds = %11
  %16 = bitcast i64* %5 to i8*, !dbg !154
  call void @llvm.lifetime.end.p0i8(i64 8, i8* %16) #7, !dbg !154
  br label %25

17:                                               ; preds = %11
  %18 = load i64, i64* %5, align 8, !dbg !155, !tbaa !53
  %19 = call i64 @leaf(i64 noundef %18), !dbg !156
  %20 = load i64, i64* %4, align 8, !dbg !157, !tbaa !53
  %21 = add nsw i64 %20, %19, !dbg !157
  store i64 %21, i64* %4, align 8, !dbg !157, !tbaa !53
  br label %22, !dbg !158

22:                                               ; preds = %17
  %23 = load i64, i64* %5, align 8, !dbg !159, !tbaa !53
  %24 = add nsw i64 %23, 1, !dbg !159
  store i64 %24, i64* %5, align 8, !dbg !159, !tbaa !53
  br label %11, !dbg !154, !llvm.loop !160

25:                                               ; preds = %15
  %26 = load i64, i64* %4, align 8, !dbg !163, !tbaa !53
  %27 = inttoptr i64 %26 to i8*, !dbg !164
  %28 = bitcast i64* %4 to i8*, !dbg !165
  call void @llvm.lifetime.end.p0i8(i64 8, i8* %28) #7, !dbg !165
  %29 = bitcast i64* %3 to i8*, !dbg !165
  call void @llvm.lifetime.end.p0i8(i64 8, i8* %29) #7, !dbg !165
  ret i8* %27, !dbg !166
}

; Function Attrs: argmemonly nofree nosync nounwind willreturn
declare void @llvm.lifetime.start.p0i8(i64 immarg, i8* nocapture) #2

; Function Attrs: argmemonly nofree nosync nounwind willreturn
declare void @llvm.lifetime.end.p0i8(i64 immarg, i8* nocapture) #2

; Function Attrs: nounwind uwtable
define dso_local i32 @main(i32 noundef %0, i8** noundef %1) #3 !dbg !167 {
  %3 = alloca i32, align 4
  %4 = alloca i32, align 4
  %5 = alloca i8**, align 8
  %6 = alloca i32, align 4
  %7 = alloca i64, align 8
  %8 = alloca i32, align 4
  %9 = alloca i32, align 4
  %10 = alloca i64, align 8
  %11 = alloca [4 x i64], align 16
  %12 = alloca i64, align 8
  %13 = alloca i32, align 4
  %14 = alloca i8*, align 8
  store i32 0, i32* %3, align 4
  store i32 %0, i32* %4, align 4, !tbaa !31
  call void @llvm.dbg.declare(metadata i32* %4, metadata !171, metadata !DIExpression()), !dbg !195
  store i8** %1, i8*** %5, align 8, !tbaa !139
  call void @llvm.dbg.declare(metadata i8*** %5, metadata !172, metadata !DIExpression()), !dbg !196
  %15 = bitcast i32* %6 to i8*, !dbg !197
  call void @llvm.lifetime.start.p0i8(i64 4, i8* %15) #7, !dbg !197
  call void @llvm.dbg.declare(metadata i32* %6, metadata !173, metadata !DIExpression()), !dbg !198
  %16 = load i32, i32* %4, align 4, !dbg !199, !tbaa !31
  %17 = icmp sgt i32 %16, 1, !dbg !200
  br i1 %17, label %18, label %23, !dbg !199

18:                                               ; preds = %2
  %19 = load i8**, i8*** %5, align 8, !dbg !201, !tbaa !139
  %20 = getelementptr inbounds i8*, i8** %19, i64 1, !dbg !201
  %21 = load i8*, i8** %20, align 8, !dbg !201, !tbaa !139
  %22 = call i32 @atoi(i8* noundef %21) #8, !dbg !202
  br label %24, !dbg !199

23:                                               ; preds = %2
  br label %24, !dbg !199

24:                                               ; preds = %23, %18
  %25 = phi i32 [ %22, %18 ], [ 20, %23 ], !dbg !199
  store i32 %25, i32* %6, align 4, !dbg !198, !tbaa !31
  %26 = bitcast i64* %7 to i8*, !dbg !203
  call void @llvm.lifetime.start.p0i8(i64 8, i8* %26) #7, !dbg !203
  call void @llvm.dbg.declare(metadata i64* %7, metadata !174, metadata !DIExpression()), !dbg !204
  %27 = load i32, i32* %6, align 4, !dbg !205, !tbaa !31
  %28 = call i64 @fib(i32 noundef %27), !dbg !206
  %29 = load i32, i32* %6, align 4, !dbg !207, !tbaa !31
  %30 = call i64 @fibm(i32 noundef %29), !dbg !208
  %31 = add nsw i64 %28, %30, !dbg !209
  store i64 %31, i64* %7, align 8, !dbg !204, !tbaa !53
  %32 = bitcast i32* %8 to i8*, !dbg !210
  call void @llvm.lifetime.start.p0i8(i64 4, i8* %32) #7, !dbg !210
  call void @llvm.dbg.declare(metadata i32* %8, metadata !175, metadata !DIExpression()), !dbg !211
  store i32 0, i32* %8, align 4, !dbg !211, !tbaa !31
  br label %33, !dbg !210

33:                                               ; preds = %44, %24
  %34 = load i32, i32* %8, align 4, !dbg !212, !tbaa !31
  %35 = icmp ult i32 %34, 50, !dbg !214
  br i1 %35, label %38, label %36, !dbg !215

36:                                               ; preds = %33
  %37 = bitcast i32* %8 to i8*, !dbg !216
  call void @llvm.lifetime.end.p0i8(i64 4, i8* %37) #7, !dbg !216
  br label %47

38:                                               ; preds = %33
  %39 = load i32, i32* %8, align 4, !dbg !217, !tbaa !31
  %40 = call i32 @is_even(i32 noundef %39), !dbg !218
  %41 = sext i32 %40 to i64, !dbg !218
  %42 = load i64, i64* %7, align 8, !dbg !219, !tbaa !53
  %43 = add nsw i64 %42, %41, !dbg !219
  store i64 %43, i64* %7, align 8, !dbg !219, !tbaa !53
  br label %44, !dbg !220

44:                                               ; preds = %38
  %45 = load i32, i32* %8, align 4, !dbg !221, !tbaa !31
  %46 = add i32 %45, 1, !dbg !221
  store i32 %46, i32* %8, align 4, !dbg !221, !tbaa !31
  br label %33, !dbg !216, !llvm.loop !222

47:                                               ; preds = %36
  %48 = bitcast i32* %9 to i8*, !dbg !224
  call void @llvm.lifetime.start.p0i8(i64 4, i8* %48) #7, !dbg !224
  call void @llvm.dbg.declare(metadata i32* %9, metadata !177, metadata !DIExpression()), !dbg !225
  store volatile i32 0, i32* %9, align 4, !dbg !225, !tbaa !31
  %49 = bitcast i64* %10 to i8*, !dbg !226
  call void @llvm.lifetime.start.p0i8(i64 8, i8* %49) #7, !dbg !226
  call void @llvm.dbg.declare(metadata i64* %10, metadata !179, metadata !DIExpression()), !dbg !227
  store i64 0, i64* %10, align 8, !dbg !227, !tbaa !53
  br label %50, !dbg !226

50:                                               ; preds = %75, %47
  %51 = load i64, i64* %10, align 8, !dbg !228, !tbaa !53
  %52 = icmp slt i64 %51, 100, !dbg !230
  br i1 %52, label %55, label %53, !dbg !231

53:                                               ; preds = %50
  %54 = bitcast i64* %10 to i8*, !dbg !232
  call void @llvm.lifetime.end.p0i8(i64 8, i8* %54) #7, !dbg !232
  br label %78

55:                                               ; preds = %50
  %56 = load i64, i64* %10, align 8, !dbg !233, !tbaa !53
  %57 = srem i64 %56, 3, !dbg !235
  %58 = icmp eq i64 %57, 2, !dbg !236
  br i1 %58, label %59, label %60, !dbg !233

59:                                               ; preds = %55
  br label %65, !dbg !233

60:                                               ; preds = %55
  %61 = load i64, i64* %10, align 8, !dbg !237, !tbaa !53
  %62 = srem i64 %61, 7, !dbg !238
  %63 = icmp eq i64 %62, 0, !dbg !239
  %64 = zext i1 %63 to i32, !dbg !239
  br label %65, !dbg !233

65:                                               ; preds = %60, %59
  %66 = phi i32 [ 2, %59 ], [ %64, %60 ], !dbg !233
  store volatile i32 %66, i32* %9, align 4, !dbg !240, !tbaa !31
  %67 = load volatile i32, i32* %9, align 4, !dbg !241, !tbaa !31
  %68 = sext i32 %67 to i64, !dbg !242
  %69 = getelementptr inbounds [3 x i64 (i64)*], [3 x i64 (i64)*]* @ops, i64 0, i64 %68, !dbg !242
  %70 = load i64 (i64)*, i64 (i64)** %69, align 8, !dbg !242, !tbaa !139
  %71 = load i64, i64* %10, align 8, !dbg !243, !tbaa !53
  %72 = call i64 %70(i64 noundef %71), !dbg !242
  %73 = load i64, i64* %7, align 8, !dbg !244, !tbaa !53
  %74 = add nsw i64 %73, %72, !dbg !244
  store i64 %74, i64* %7, align 8, !dbg !244, !tbaa !53
  br label %75, !dbg !245

75:                                               ; preds = %65
  %76 = load i64, i64* %10, align 8, !dbg !246, !tbaa !53
  %77 = add nsw i64 %76, 1, !dbg !246
  store i64 %77, i64* %10, align 8, !dbg !246, !tbaa !53
  br label %50, !dbg !232, !llvm.loop !247

78:                                               ; preds = %53
  %79 = bitcast [4 x i64]* %11 to i8*, !dbg !249
  call void @llvm.lifetime.start.p0i8(i64 32, i8* %79) #7, !dbg !249
  call void @llvm.dbg.declare(metadata [4 x i64]* %11, metadata !181, metadata !DIExpression()), !dbg !250
  %80 = bitcast i64* %12 to i8*, !dbg !251
  call void @llvm.lifetime.start.p0i8(i64 8, i8* %80) #7, !dbg !251
  call void @llvm.dbg.declare(metadata i64* %12, metadata !188, metadata !DIExpression()), !dbg !252
  store i64 0, i64* %12, align 8, !dbg !252, !tbaa !53
  br label %81, !dbg !251

81:                                               ; preds = %94, %78
  %82 = load i64, i64* %12, align 8, !dbg !253, !tbaa !53
  %83 = icmp slt i64 %82, 4, !dbg !255
  br i1 %83, label %86, label %84, !dbg !256

84:                                               ; preds = %81
  %85 = bitcast i64* %12 to i8*, !dbg !257
  call void @llvm.lifetime.end.p0i8(i64 8, i8* %85) #7, !dbg !257
  br label %97

86:                                               ; preds = %81
  %87 = load i64, i64* %12, align 8, !dbg !258, !tbaa !53
  %88 = getelementptr inbounds [4 x i64], [4 x i64]* %11, i64 0, i64 %87, !dbg !259
  %89 = load i64, i64* %12, align 8, !dbg !260, !tbaa !53
  %90 = add nsw i64 %89, 1, !dbg !261
  %91 = mul nsw i64 1000, %90, !dbg !262
  %92 = inttoptr i64 %91 to i8*, !dbg !263
  %93 = call i32 @pthread_create(i64* noundef %88, %union.pthread_attr_t* noundef null, i8* (i8*)* noundef @worker, i8* noundef %92) #7, !dbg !264
  br label %94, !dbg !264

94:                                               ; preds = %86
  %95 = load i64, i64* %12, align 8, !dbg !265, !tbaa !53
  %96 = add nsw i64 %95, 1, !dbg !265
  store i64 %96, i64* %12, align 8, !dbg !265, !tbaa !53
  br label %81, !dbg !257, !llvm.loop !266

97:                                               ; preds = %84
  %98 = bitcast i32* %13 to i8*, !dbg !268
  call void @llvm.lifetime.start.p0i8(i64 4, i8* %98) #7, !dbg !268
  call void @llvm.dbg.declare(metadata i32* %13, metadata !190, metadata !DIExpression()), !dbg !269
  store i32 0, i32* %13, align 4, !dbg !269, !tbaa !31
  br label %99, !dbg !268

99:                                               ; preds = %116, %97
  %100 = load i32, i32* %13, align 4, !dbg !270, !tbaa !31
  %101 = icmp slt i32 %100, 4, !dbg !271
  br i1 %101, label %104, label %102, !dbg !272

102:                                              ; preds = %99
  %103 = bitcast i32* %13 to i8*, !dbg !273
  call void @llvm.lifetime.end.p0i8(i64 4, i8* %103) #7, !dbg !273
  br label %119

104:                                              ; preds = %99
  %105 = bitcast i8** %14 to i8*, !dbg !274
  call void @llvm.lifetime.start.p0i8(i64 8, i8* %105) #7, !dbg !274
  call void @llvm.dbg.declare(metadata i8** %14, metadata !192, metadata !DIExpression()), !dbg !275
  %106 = load i32, i32* %13, align 4, !dbg !276, !tbaa !31
  %107 = sext i32 %106 to i64, !dbg !277
  %108 = getelementptr inbounds [4 x i64], [4 x i64]* %11, i64 0, i64 %107, !dbg !277
  %109 = load i64, i64* %108, align 8, !dbg !277, !tbaa !53
  %110 = call i32 @pthread_join(i64 noundef %109, i8** noundef %14), !dbg !278
  %111 = load i8*, i8** %14, align 8, !dbg !279, !tbaa !139
  %112 = ptrtoint i8* %111 to i64, !dbg !280
  %113 = load i64, i64* %7, align 8, !dbg !281, !tbaa !53
  %114 = add nsw i64 %113, %112, !dbg !281
  store i64 %114, i64* %7, align 8, !dbg !281, !tbaa !53
  %115 = bitcast i8** %14 to i8*, !dbg !282
  call void @llvm.lifetime.end.p0i8(i64 8, i8* %115) #7, !dbg !282
  br label %116, !dbg !283

116:                                              ; preds = %104
  %117 = load i32, i32* %13, align 4, !dbg !284, !tbaa !31
  %118 = add nsw i32 %117, 1, !dbg !284
  store i32 %118, i32* %13, align 4, !dbg !284, !tbaa !31
  br label %99, !dbg !273, !llvm.loop !285

119:                                              ; preds = %102
  %120 = load i64, i64* %7, align 8, !dbg !287, !tbaa !53
  %121 = call i32 (i8*, ...) @printf(i8* noundef getelementptr inbounds ([5 x i8], [5 x i8]* @.str, i64 0, i64 0), i64 noundef %120), !dbg !288
  %122 = bitcast [4 x i64]* %11 to i8*, !dbg !289
  call void @llvm.lifetime.end.p0i8(i64 32, i8* %122) #7, !dbg !289
  %123 = bitcast i32* %9 to i8*, !dbg !289
  call void @llvm.lifetime.end.p0i8(i64 4, i8* %123) #7, !dbg !289
  %124 = bitcast i64* %7 to i8*, !dbg !289
  call void @llvm.lifetime.end.p0i8(i64 8, i8* %124) #7, !dbg !289
  %125 = bitcast i32* %6 to i8*, !dbg !289
  call void @llvm.lifetime.end.p0i8(i64 4, i8* %125) #7, !dbg !289
  ret i32 0, !dbg !290
}

; Function Attrs: inlinehint nounwind readonly uwtable willreturn
define available_externally i32 @atoi(i8* noundef nonnull %0) #4 !dbg !291 {
  %2 = alloca i8*, align 8
  store i8* %0, i8** %2, align 8, !tbaa !139
  call void @llvm.dbg.declare(metadata i8** %2, metadata !298, metadata !DIExpression()), !dbg !299
  %3 = load i8*, i8** %2, align 8, !dbg !300, !tbaa !139
  %4 = call i64 @strtol(i8* noundef %3, i8** noundef null, i32 noundef 10) #7, !dbg !301
  %5 = trunc i64 %4 to i32, !dbg !302
  ret i32 %5, !dbg !303
}

; Function Attrs: nounwind
declare !dbg !304 i32 @pthread_create(i64* noundef, %union.pthread_attr_t* noundef, i8* (i8*)* noundef, i8* noundef) #5

declare !dbg !324 i32 @pthread_join(i64 noundef, i8** noundef) #6

declare i32 @printf(i8* noundef, ...) #6

; Function Attrs: nounwind
declare i64 @strtol(i8* noundef, i8** noundef, i32 noundef) #5

attributes #0 = { noinline nounwind uwtable "frame-pointer"="none" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { nofree nosync nounwind readnone speculatable willreturn }
attributes #2 = { argmemonly nofree nosync nounwind willreturn }
attributes #3 = { nounwind uwtable "frame-pointer"="none" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #4 = { inlinehint nounwind readonly uwtable willreturn "frame-pointer"="none" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #5 = { nounwind "frame-pointer"="none" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #6 = { "frame-pointer"="none" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #7 = { nounwind }
attributes #8 = { nounwind readonly willreturn }

!llvm.dbg.cu = !{!2}
!llvm.module.flags = !{!19, !20, !21, !22, !23, !24}
!llvm.ident = !{!25}

!0 = !DIGlobalVariableExpression(var: !1, expr: !DIExpression())
!1 = distinct !DIGlobalVariable(name: "ops", scope: !2, file: !3, line: 27, type: !12, isLocal: true, isDefinition: true)
!2 = distinct !DICompileUnit(language: DW_LANG_C99, file: !3, producer: "Debian clang version 14.0.6", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug, retainedTypes: !4, globals: !11, splitDebugInlining: false, nameTableKind: None)
!3 = !DIFile(filename: "internal/testprog/testdata/attrib/calls.c", directory: "/src", checksumkind: CSK_MD5, checksum: "2c82ae85737fd107dc541813998e2020")
!4 = !{!5, !6, !7, !8}
!5 = !DIBasicType(name: "long", size: 64, encoding: DW_ATE_signed)
!6 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: null, size: 64)
!7 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!8 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !9, size: 64)
!9 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !10, size: 64)
!10 = !DIBasicType(name: "char", size: 8, encoding: DW_ATE_signed_char)
!11 = !{!0}
!12 = !DICompositeType(tag: DW_TAG_array_type, baseType: !13, size: 192, elements: !17)
!13 = !DIDerivedType(tag: DW_TAG_const_type, baseType: !14)
!14 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !15, size: 64)
!15 = !DISubroutineType(types: !16)
!16 = !{!5, !5}
!17 = !{!18}
!18 = !DISubrange(count: 3)
!19 = !{i32 7, !"Dwarf Version", i32 5}
!20 = !{i32 2, !"Debug Info Version", i32 3}
!21 = !{i32 1, !"wchar_size", i32 4}
!22 = !{i32 7, !"PIC Level", i32 2}
!23 = !{i32 7, !"PIE Level", i32 2}
!24 = !{i32 7, !"uwtable", i32 1}
!25 = !{!"Debian clang version 14.0.6"}
!26 = distinct !DISubprogram(name: "fib", scope: !3, file: !3, line: 15, type: !27, scopeLine: 15, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !2, retainedNodes: !29)
!27 = !DISubroutineType(types: !28)
!28 = !{!5, !7}
!29 = !{!30}
!30 = !DILocalVariable(name: "n", arg: 1, scope: !26, file: !3, line: 15, type: !7)
!31 = !{!32, !32, i64 0}
!32 = !{!"int", !33, i64 0}
!33 = !{!"omnipotent char", !34, i64 0}
!34 = !{!"Simple C/C++ TBAA"}
!35 = !DILocation(line: 15, column: 23, scope: !26)
!36 = !DILocation(line: 15, column: 35, scope: !26)
!37 = !DILocation(line: 15, column: 37, scope: !26)
!38 = !DILocation(line: 15, column: 43, scope: !26)
!39 = !DILocation(line: 15, column: 51, scope: !26)
!40 = !DILocation(line: 15, column: 53, scope: !26)
!41 = !DILocation(line: 15, column: 47, scope: !26)
!42 = !DILocation(line: 15, column: 64, scope: !26)
!43 = !DILocation(line: 15, column: 66, scope: !26)
!44 = !DILocation(line: 15, column: 60, scope: !26)
!45 = !DILocation(line: 15, column: 58, scope: !26)
!46 = !DILocation(line: 15, column: 28, scope: !26)
!47 = distinct !DISubprogram(name: "mix", scope: !3, file: !3, line: 16, type: !48, scopeLine: 16, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !2, retainedNodes: !50)
!48 = !DISubroutineType(types: !49)
!49 = !{!5, !5, !5}
!50 = !{!51, !52}
!51 = !DILocalVariable(name: "a", arg: 1, scope: !47, file: !3, line: 16, type: !5)
!52 = !DILocalVariable(name: "b", arg: 2, scope: !47, file: !3, line: 16, type: !5)
!53 = !{!54, !54, i64 0}
!54 = !{!"long", !33, i64 0}
!55 = !DILocation(line: 16, column: 24, scope: !47)
!56 = !DILocation(line: 16, column: 32, scope: !47)
!57 = !DILocation(line: 16, column: 44, scope: !47)
!58 = !DILocation(line: 16, column: 48, scope: !47)
!59 = !DILocation(line: 16, column: 46, scope: !47)
!60 = !DILocation(line: 16, column: 37, scope: !47)
!61 = distinct !DISubprogram(name: "fibm", scope: !3, file: !3, line: 17, type: !27, scopeLine: 17, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !2, retainedNodes: !62)
!62 = !{!63}
!63 = !DILocalVariable(name: "n", arg: 1, scope: !61, file: !3, line: 17, type: !7)
!64 = !DILocation(line: 17, column: 24, scope: !61)
!65 = !DILocation(line: 17, column: 36, scope: !61)
!66 = !DILocation(line: 17, column: 38, scope: !61)
!67 = !DILocation(line: 17, column: 44, scope: !61)
!68 = !DILocation(line: 17, column: 57, scope: !61)
!69 = !DILocation(line: 17, column: 59, scope: !61)
!70 = !DILocation(line: 17, column: 52, scope: !61)
!71 = !DILocation(line: 17, column: 70, scope: !61)
!72 = !DILocation(line: 17, column: 72, scope: !61)
!73 = !DILocation(line: 17, column: 65, scope: !61)
!74 = !DILocation(line: 17, column: 48, scope: !61)
!75 = !DILocation(line: 17, column: 29, scope: !61)
!76 = distinct !DISubprogram(name: "is_even", scope: !3, file: !3, line: 21, type: !77, scopeLine: 21, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !2, retainedNodes: !80)
!77 = !DISubroutineType(types: !78)
!78 = !{!7, !79}
!79 = !DIBasicType(name: "unsigned int", size: 32, encoding: DW_ATE_unsigned)
!80 = !{!81}
!81 = !DILocalVariable(name: "n", arg: 1, scope: !76, file: !3, line: 21, type: !79)
!82 = !DILocation(line: 21, column: 31, scope: !76)
!83 = !DILocation(line: 21, column: 43, scope: !76)
!84 = !DILocation(line: 21, column: 45, scope: !76)
!85 = !DILocation(line: 21, column: 63, scope: !76)
!86 = !DILocation(line: 21, column: 65, scope: !76)
!87 = !DILocation(line: 21, column: 56, scope: !76)
!88 = !DILocation(line: 21, column: 36, scope: !76)
!89 = distinct !DISubprogram(name: "is_odd", scope: !3, file: !3, line: 22, type: !77, scopeLine: 22, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !2, retainedNodes: !90)
!90 = !{!91}
!91 = !DILocalVariable(name: "n", arg: 1, scope: !89, file: !3, line: 22, type: !79)
!92 = !DILocation(line: 22, column: 30, scope: !89)
!93 = !DILocation(line: 22, column: 42, scope: !89)
!94 = !DILocation(line: 22, column: 44, scope: !89)
!95 = !DILocation(line: 22, column: 63, scope: !89)
!96 = !DILocation(line: 22, column: 65, scope: !89)
!97 = !DILocation(line: 22, column: 55, scope: !89)
!98 = !DILocation(line: 22, column: 35, scope: !89)
!99 = distinct !DISubprogram(name: "twice", scope: !3, file: !3, line: 24, type: !15, scopeLine: 24, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !2, retainedNodes: !100)
!100 = !{!101}
!101 = !DILocalVariable(name: "x", arg: 1, scope: !99, file: !3, line: 24, type: !5)
!102 = !DILocation(line: 24, column: 26, scope: !99)
!103 = !DILocation(line: 24, column: 42, scope: !99)
!104 = !DILocation(line: 24, column: 40, scope: !99)
!105 = !DILocation(line: 24, column: 31, scope: !99)
!106 = distinct !DISubprogram(name: "thrice", scope: !3, file: !3, line: 25, type: !15, scopeLine: 25, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !2, retainedNodes: !107)
!107 = !{!108}
!108 = !DILocalVariable(name: "x", arg: 1, scope: !106, file: !3, line: 25, type: !5)
!109 = !DILocation(line: 25, column: 27, scope: !106)
!110 = !DILocation(line: 25, column: 43, scope: !106)
!111 = !DILocation(line: 25, column: 41, scope: !106)
!112 = !DILocation(line: 25, column: 32, scope: !106)
!113 = distinct !DISubprogram(name: "square", scope: !3, file: !3, line: 26, type: !15, scopeLine: 26, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !2, retainedNodes: !114)
!114 = !{!115}
!115 = !DILocalVariable(name: "x", arg: 1, scope: !113, file: !3, line: 26, type: !5)
!116 = !DILocation(line: 26, column: 27, scope: !113)
!117 = !DILocation(line: 26, column: 39, scope: !113)
!118 = !DILocation(line: 26, column: 43, scope: !113)
!119 = !DILocation(line: 26, column: 41, scope: !113)
!120 = !DILocation(line: 26, column: 32, scope: !113)
!121 = distinct !DISubprogram(name: "leaf", scope: !3, file: !3, line: 29, type: !15, scopeLine: 29, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !2, retainedNodes: !122)
!122 = !{!123}
!123 = !DILocalVariable(name: "x", arg: 1, scope: !121, file: !3, line: 29, type: !5)
!124 = !DILocation(line: 29, column: 25, scope: !121)
!125 = !DILocation(line: 29, column: 37, scope: !121)
!126 = !DILocation(line: 29, column: 42, scope: !121)
!127 = !DILocation(line: 29, column: 44, scope: !121)
!128 = !DILocation(line: 29, column: 39, scope: !121)
!129 = !DILocation(line: 29, column: 30, scope: !121)
!130 = distinct !DISubprogram(name: "worker", scope: !3, file: !3, line: 31, type: !131, scopeLine: 32, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !2, retainedNodes: !133)
!131 = !DISubroutineType(types: !132)
!132 = !{!6, !6}
!133 = !{!134, !135, !136, !137}
!134 = !DILocalVariable(name: "arg", arg: 1, scope: !130, file: !3, line: 31, type: !6)
!135 = !DILocalVariable(name: "n", scope: !130, file: !3, line: 33, type: !5)
!136 = !DILocalVariable(name: "s", scope: !130, file: !3, line: 33, type: !5)
!137 = !DILocalVariable(name: "i", scope: !138, file: !3, line: 34, type: !5)
!138 = distinct !DILexicalBlock(scope: !130, file: !3, line: 34, column: 2)
!139 = !{!140, !140, i64 0}
!140 = !{!"any pointer", !33, i64 0}
!141 = !DILocation(line: 31, column: 29, scope: !130)
!142 = !DILocation(line: 33, column: 2, scope: !130)
!143 = !DILocation(line: 33, column: 7, scope: !130)
!144 = !DILocation(line: 33, column: 17, scope: !130)
!145 = !DILocation(line: 33, column: 11, scope: !130)
!146 = !DILocation(line: 33, column: 22, scope: !130)
!147 = !DILocation(line: 34, column: 7, scope: !138)
!148 = !DILocation(line: 34, column: 12, scope: !138)
!149 = !DILocation(line: 34, column: 19, scope: !150)
!150 = distinct !DILexicalBlock(scope: !138, file: !3, line: 34, column: 2)
!151 = !DILocation(line: 34, column: 23, scope: !150)
!152 = !DILocation(line: 34, column: 21, scope: !150)
!153 = !DILocation(line: 34, column: 2, scope: !138)
!154 = !DILocation(line: 34, column: 2, scope: !150)
!155 = !DILocation(line: 35, column: 13, scope: !150)
!156 = !DILocation(line: 35, column: 8, scope: !150)
!157 = !DILocation(line: 35, column: 5, scope: !150)
!158 = !DILocation(line: 35, column: 3, scope: !150)
!159 = !DILocation(line: 34, column: 27, scope: !150)
!160 = distinct !{!160, !153, !161, !162}
!161 = !DILocation(line: 35, column: 14, scope: !138)
!162 = !{!"llvm.loop.mustprogress"}
!163 = !DILocation(line: 36, column: 17, scope: !130)
!164 = !DILocation(line: 36, column: 9, scope: !130)
!165 = !DILocation(line: 37, column: 1, scope: !130)
!166 = !DILocation(line: 36, column: 2, scope: !130)
!167 = distinct !DISubprogram(name: "main", scope: !3, file: !3, line: 39, type: !168, scopeLine: 40, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !2, retainedNodes: !170)
!168 = !DISubroutineType(types: !169)
!169 = !{!7, !7, !8}
!170 = !{!171, !172, !173, !174, !175, !177, !179, !181, !188, !190, !192}
!171 = !DILocalVariable(name: "argc", arg: 1, scope: !167, file: !3, line: 39, type: !7)
!172 = !DILocalVariable(name: "argv", arg: 2, scope: !167, file: !3, line: 39, type: !8)
!173 = !DILocalVariable(name: "n", scope: !167, file: !3, line: 41, type: !7)
!174 = !DILocalVariable(name: "s", scope: !167, file: !3, line: 42, type: !5)
!175 = !DILocalVariable(name: "i", scope: !176, file: !3, line: 43, type: !79)
!176 = distinct !DILexicalBlock(scope: !167, file: !3, line: 43, column: 2)
!177 = !DILocalVariable(name: "k", scope: !167, file: !3, line: 45, type: !178)
!178 = !DIDerivedType(tag: DW_TAG_volatile_type, baseType: !7)
!179 = !DILocalVariable(name: "i", scope: !180, file: !3, line: 46, type: !5)
!180 = distinct !DILexicalBlock(scope: !167, file: !3, line: 46, column: 2)
!181 = !DILocalVariable(name: "t", scope: !167, file: !3, line: 50, type: !182)
!182 = !DICompositeType(tag: DW_TAG_array_type, baseType: !183, size: 256, elements: !186)
!183 = !DIDerivedType(tag: DW_TAG_typedef, name: "pthread_t", file: !184, line: 27, baseType: !185)
!184 = !DIFile(filename: "/usr/include/x86_64-linux-gnu/bits/pthreadtypes.h", directory: "/src", checksumkind: CSK_MD5, checksum: "735e3bf264ff9d8f5d95898b1692fbdb")
!185 = !DIBasicType(name: "unsigned long", size: 64, encoding: DW_ATE_unsigned)
!186 = !{!187}
!187 = !DISubrange(count: 4)
!188 = !DILocalVariable(name: "i", scope: !189, file: !3, line: 51, type: !5)
!189 = distinct !DILexicalBlock(scope: !167, file: !3, line: 51, column: 2)
!190 = !DILocalVariable(name: "i", scope: !191, file: !3, line: 53, type: !7)
!191 = distinct !DILexicalBlock(scope: !167, file: !3, line: 53, column: 2)
!192 = !DILocalVariable(name: "r", scope: !193, file: !3, line: 54, type: !6)
!193 = distinct !DILexicalBlock(scope: !194, file: !3, line: 53, column: 30)
!194 = distinct !DILexicalBlock(scope: !191, file: !3, line: 53, column: 2)
!195 = !DILocation(line: 39, column: 14, scope: !167)
!196 = !DILocation(line: 39, column: 27, scope: !167)
!197 = !DILocation(line: 41, column: 2, scope: !167)
!198 = !DILocation(line: 41, column: 6, scope: !167)
!199 = !DILocation(line: 41, column: 10, scope: !167)
!200 = !DILocation(line: 41, column: 15, scope: !167)
!201 = !DILocation(line: 41, column: 26, scope: !167)
!202 = !DILocation(line: 41, column: 21, scope: !167)
!203 = !DILocation(line: 42, column: 2, scope: !167)
!204 = !DILocation(line: 42, column: 7, scope: !167)
!205 = !DILocation(line: 42, column: 15, scope: !167)
!206 = !DILocation(line: 42, column: 11, scope: !167)
!207 = !DILocation(line: 42, column: 25, scope: !167)
!208 = !DILocation(line: 42, column: 20, scope: !167)
!209 = !DILocation(line: 42, column: 18, scope: !167)
!210 = !DILocation(line: 43, column: 7, scope: !176)
!211 = !DILocation(line: 43, column: 16, scope: !176)
!212 = !DILocation(line: 43, column: 23, scope: !213)
!213 = distinct !DILexicalBlock(scope: !176, file: !3, line: 43, column: 2)
!214 = !DILocation(line: 43, column: 25, scope: !213)
!215 = !DILocation(line: 43, column: 2, scope: !176)
!216 = !DILocation(line: 43, column: 2, scope: !213)
!217 = !DILocation(line: 44, column: 16, scope: !213)
!218 = !DILocation(line: 44, column: 8, scope: !213)
!219 = !DILocation(line: 44, column: 5, scope: !213)
!220 = !DILocation(line: 44, column: 3, scope: !213)
!221 = !DILocation(line: 43, column: 32, scope: !213)
!222 = distinct !{!222, !215, !223, !162}
!223 = !DILocation(line: 44, column: 17, scope: !176)
!224 = !DILocation(line: 45, column: 2, scope: !167)
!225 = !DILocation(line: 45, column: 15, scope: !167)
!226 = !DILocation(line: 46, column: 7, scope: !180)
!227 = !DILocation(line: 46, column: 12, scope: !180)
!228 = !DILocation(line: 46, column: 19, scope: !229)
!229 = distinct !DILexicalBlock(scope: !180, file: !3, line: 46, column: 2)
!230 = !DILocation(line: 46, column: 21, scope: !229)
!231 = !DILocation(line: 46, column: 2, scope: !180)
!232 = !DILocation(line: 46, column: 2, scope: !229)
!233 = !DILocation(line: 47, column: 13, scope: !234)
!234 = distinct !DILexicalBlock(scope: !229, file: !3, line: 46, column: 33)
!235 = !DILocation(line: 47, column: 15, scope: !234)
!236 = !DILocation(line: 47, column: 19, scope: !234)
!237 = !DILocation(line: 47, column: 30, scope: !234)
!238 = !DILocation(line: 47, column: 32, scope: !234)
!239 = !DILocation(line: 47, column: 36, scope: !234)
!240 = !DILocation(line: 47, column: 5, scope: !234)
!241 = !DILocation(line: 48, column: 12, scope: !234)
!242 = !DILocation(line: 48, column: 8, scope: !234)
!243 = !DILocation(line: 48, column: 15, scope: !234)
!244 = !DILocation(line: 48, column: 5, scope: !234)
!245 = !DILocation(line: 49, column: 2, scope: !234)
!246 = !DILocation(line: 46, column: 29, scope: !229)
!247 = distinct !{!247, !231, !248, !162}
!248 = !DILocation(line: 49, column: 2, scope: !180)
!249 = !DILocation(line: 50, column: 2, scope: !167)
!250 = !DILocation(line: 50, column: 12, scope: !167)
!251 = !DILocation(line: 51, column: 7, scope: !189)
!252 = !DILocation(line: 51, column: 12, scope: !189)
!253 = !DILocation(line: 51, column: 19, scope: !254)
!254 = distinct !DILexicalBlock(scope: !189, file: !3, line: 51, column: 2)
!255 = !DILocation(line: 51, column: 21, scope: !254)
!256 = !DILocation(line: 51, column: 2, scope: !189)
!257 = !DILocation(line: 51, column: 2, scope: !254)
!258 = !DILocation(line: 52, column: 21, scope: !254)
!259 = !DILocation(line: 52, column: 19, scope: !254)
!260 = !DILocation(line: 52, column: 56, scope: !254)
!261 = !DILocation(line: 52, column: 58, scope: !254)
!262 = !DILocation(line: 52, column: 53, scope: !254)
!263 = !DILocation(line: 52, column: 39, scope: !254)
!264 = !DILocation(line: 52, column: 3, scope: !254)
!265 = !DILocation(line: 51, column: 27, scope: !254)
!266 = distinct !{!266, !256, !267, !162}
!267 = !DILocation(line: 52, column: 63, scope: !189)
!268 = !DILocation(line: 53, column: 7, scope: !191)
!269 = !DILocation(line: 53, column: 11, scope: !191)
!270 = !DILocation(line: 53, column: 18, scope: !194)
!271 = !DILocation(line: 53, column: 20, scope: !194)
!272 = !DILocation(line: 53, column: 2, scope: !191)
!273 = !DILocation(line: 53, column: 2, scope: !194)
!274 = !DILocation(line: 54, column: 3, scope: !193)
!275 = !DILocation(line: 54, column: 9, scope: !193)
!276 = !DILocation(line: 55, column: 18, scope: !193)
!277 = !DILocation(line: 55, column: 16, scope: !193)
!278 = !DILocation(line: 55, column: 3, scope: !193)
!279 = !DILocation(line: 56, column: 14, scope: !193)
!280 = !DILocation(line: 56, column: 8, scope: !193)
!281 = !DILocation(line: 56, column: 5, scope: !193)
!282 = !DILocation(line: 57, column: 2, scope: !194)
!283 = !DILocation(line: 57, column: 2, scope: !193)
!284 = !DILocation(line: 53, column: 26, scope: !194)
!285 = distinct !{!285, !272, !286, !162}
!286 = !DILocation(line: 57, column: 2, scope: !191)
!287 = !DILocation(line: 58, column: 18, scope: !167)
!288 = !DILocation(line: 58, column: 2, scope: !167)
!289 = !DILocation(line: 60, column: 1, scope: !167)
!290 = !DILocation(line: 59, column: 2, scope: !167)
!291 = distinct !DISubprogram(name: "atoi", scope: !292, file: !292, line: 362, type: !293, scopeLine: 363, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !2, retainedNodes: !297)
!292 = !DIFile(filename: "/usr/include/stdlib.h", directory: "/src", checksumkind: CSK_MD5, checksum: "4b47dc81a92f1fe77a152c0aac236718")
!293 = !DISubroutineType(types: !294)
!294 = !{!7, !295}
!295 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !296, size: 64)
!296 = !DIDerivedType(tag: DW_TAG_const_type, baseType: !10)
!297 = !{!298}
!298 = !DILocalVariable(name: "__nptr", arg: 1, scope: !291, file: !292, line: 362, type: !295)
!299 = !DILocation(line: 362, column: 1, scope: !291)
!300 = !DILocation(line: 364, column: 24, scope: !291)
!301 = !DILocation(line: 364, column: 16, scope: !291)
!302 = !DILocation(line: 364, column: 10, scope: !291)
!303 = !DILocation(line: 364, column: 3, scope: !291)
!304 = !DISubprogram(name: "pthread_create", scope: !305, file: !305, line: 202, type: !306, flags: DIFlagPrototyped, spFlags: DISPFlagOptimized, retainedNodes: !323)
!305 = !DIFile(filename: "/usr/include/pthread.h", directory: "/src", checksumkind: CSK_MD5, checksum: "5205981c6f80cc3dc1e81231df63d8ef")
!306 = !DISubroutineType(types: !307)
!307 = !{!7, !308, !310, !321, !322}
!308 = !DIDerivedType(tag: DW_TAG_restrict_type, baseType: !309)
!309 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !183, size: 64)
!310 = !DIDerivedType(tag: DW_TAG_restrict_type, baseType: !311)
!311 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !312, size: 64)
!312 = !DIDerivedType(tag: DW_TAG_const_type, baseType: !313)
!313 = !DIDerivedType(tag: DW_TAG_typedef, name: "pthread_attr_t", file: !184, line: 62, baseType: !314)
!314 = distinct !DICompositeType(tag: DW_TAG_union_type, name: "pthread_attr_t", file: !184, line: 56, size: 448, elements: !315)
!315 = !{!316, !320}
!316 = !DIDerivedType(tag: DW_TAG_member, name: "__size", scope: !314, file: !184, line: 58, baseType: !317, size: 448)
!317 = !DICompositeType(tag: DW_TAG_array_type, baseType: !10, size: 448, elements: !318)
!318 = !{!319}
!319 = !DISubrange(count: 56)
!320 = !DIDerivedType(tag: DW_TAG_member, name: "__align", scope: !314, file: !184, line: 59, baseType: !5, size: 64)
!321 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !131, size: 64)
!322 = !DIDerivedType(tag: DW_TAG_restrict_type, baseType: !6)
!323 = !{}
!324 = !DISubprogram(name: "pthread_join", scope: !305, file: !305, line: 219, type: !325, flags: DIFlagPrototyped, spFlags: DISPFlagOptimized, retainedNodes: !323)
!325 = !DISubroutineType(types: !326)
!326 = !{!7, !183, !327}
!327 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !6, size: 64)
